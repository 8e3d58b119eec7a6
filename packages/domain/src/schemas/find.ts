import { z } from 'zod';
import { wholeNumberFromDigits } from './common.js';

/** GET /api/search: the text (1 to 100 characters) and how many of each kind (1 to 20, default 5). */
export const findQuerySchema = z.object({
  q: z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(100, { error: 'must be at most 100 characters' }),
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
