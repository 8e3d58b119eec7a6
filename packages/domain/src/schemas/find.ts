import { z } from 'zod';
import { idSchema, wholeNumberFromDigits } from './common.js';
import { foldForSearch } from '../search.js';

/** GET /api/search: the text (1 to 100 characters) and how many of each kind (1 to 20, default 5). */
export const findQuerySchema = z.object({
  q: z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(100, { error: 'must be at most 100 characters' })
    // Accents alone (combining marks) fold to nothing, which would match everything: as empty.
    .refine((q) => foldForSearch(q).trim() !== '', { error: 'must not be empty' }),
  limit: wholeNumberFromDigits(1, 20, {
    type: 'must be a number',
    whole: 'must be a whole number',
    min: 'must be at least 1',
    max: 'must be at most 20',
  })
    .optional()
    .default(5),
});

/** One record found: what the search box shows of it. */
export const findHitSchema = z.object({ id: z.number().int(), title: z.string(), subtitle: z.string() });
export type FindHit = z.infer<typeof findHitSchema>;

export const FIND_GROUPS = ['customers', 'orders', 'quotes', 'products', 'vendorOrders'] as const;
export type FindGroup = (typeof FIND_GROUPS)[number];

export const findResultSchema = z.object({
  customers: z.array(findHitSchema),
  orders: z.array(findHitSchema),
  quotes: z.array(findHitSchema),
  products: z.array(findHitSchema),
  vendorOrders: z.array(findHitSchema),
});
export type FindResult = z.infer<typeof findResultSchema>;

/** How many products one price look-up names at most (the Add Product list asks for all of them). */
export const MAX_PRICED_PRODUCTS = 200;

/**
 * GET /api/search/prices: the price of products for a customer, or for an order or a quote (its
 * copied multipliers, what its cart prices with), or the list price when none is named.
 * `products`: ids separated by commas (at most MAX_PRICED_PRODUCTS); absent, every product.
 */
export const priceQuerySchema = z
  .object({
    products: z
      .string()
      .trim()
      .regex(/^\d{1,10}(,\d{1,10})*$/, { error: 'must be product ids separated by commas' })
      .transform((v) => [...new Set(v.split(',').map(Number))])
      .refine((ids) => ids.length <= MAX_PRICED_PRODUCTS, {
        error: `must name at most ${MAX_PRICED_PRODUCTS} products`,
      })
      .optional(),
    customer: idSchema.optional(),
    order: idSchema.optional(),
    quote: idSchema.optional(),
  })
  .refine((q) => [q.customer, q.order, q.quote].filter((v) => v !== undefined).length <= 1, {
    error: 'Name one of customer, order or quote, not several.',
  });

/** One product's price as the pricer gives it for one unit: round(wholesale x multiplier) (+ nothing else). */
export const productPriceSchema = z.object({
  productId: z.number().int(),
  itemNo: z.string(),
  isPackage: z.boolean(),
  /** The wholesale (list) price. */
  baseCents: z.number().int(),
  multiplierCategory: z.string().nullable(),
  /** The multiplier of that category for this customer or document (1 for none), e.g. 0.85. */
  multiplier: z.number(),
  /** The price of one: a package's unit price, a part's wholesale x multiplier. */
  priceCents: z.number().int(),
});
export type ProductPrice = z.infer<typeof productPriceSchema>;

export const productPricesSchema = z.object({
  /** Whose prices these are: the customer named, or the document's; null for the list price. */
  customer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The document whose copied multipliers priced them, when one was named. */
  document: z.object({ kind: z.enum(['order', 'quote']), id: z.number().int() }).nullable(),
  items: z.array(productPriceSchema),
});
export type ProductPrices = z.infer<typeof productPricesSchema>;
