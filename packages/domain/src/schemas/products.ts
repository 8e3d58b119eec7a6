import { z } from 'zod';
import { MODIFIER_CATEGORIES, MULTIPLIER_CATEGORIES, MULTIPLIER_CATEGORY_ERROR } from '../constants.js';
import { optionalText, refSchema, requiredText } from './common.js';
import { moneySchema, quantitySchema, versionSchema } from './fields.js';
import { decimalPlaces } from '../money.js';

/** One of the multiplier categories. */
const multiplierCategoryEnum = z.enum(MULTIPLIER_CATEGORIES, { error: MULTIPLIER_CATEGORY_ERROR });

export const multiplierCategorySchema = z
  .union([multiplierCategoryEnum, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

/** Body of products/create and products/update/{id}. */
export const productInputSchema = z.object({
  itemNo: requiredText(64),
  itemDescription: optionalText(500),
  wholesalePrice: moneySchema.optional().default(0),
  multiplierCategory: multiplierCategorySchema,
  productType: refSchema.nullish().transform((v) => v ?? null),
  modifierCostIncrease: moneySchema.optional().default(0),
  windowsData: optionalText(2000),
  windowDescription: optionalText(500),
  insertsData: optionalText(2000),
  insertDescription: optionalText(500),
  version: versionSchema,
});
export type ProductInput = z.infer<typeof productInputSchema>;

export const duplicateProductSchema = z.object({ itemNo: requiredText(64) });

export const productTypeSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  isPackage: z.boolean(),
});
export type ProductType = z.infer<typeof productTypeSchema>;

/** How a product is named wherever it is listed: its item number and description. */
export const productLabelFields = {
  itemNo: z.string(),
  itemDescription: z.string().nullable(),
};

/** A product as the server answers it (products/{id}, the list, create, update, duplicate). */
export const productSchema = z.object({
  id: z.number().int(),
  ...productLabelFields,
  wholesalePrice: z.number(),
  multiplierCategory: z.string().nullable(),
  productType: productTypeSchema.pick({ id: true, type: true }).nullable(),
  modifierCostIncrease: z.number(),
  windowsData: z.string().nullable(),
  windowDescription: z.string().nullable(),
  insertsData: z.string().nullable(),
  insertDescription: z.string().nullable(),
  isPackage: z.boolean(),
  /** On hand and available (docs/stock.md) in the catalogue's list; null for a package, absent elsewhere. */
  stock: z.object({ onHand: z.number().int(), available: z.number().int() }).nullable().optional(),
  version: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;

export const PRODUCT_LIST_FIELDS = [
  'id',
  'itemNo',
  'itemDescription',
  'wholesalePrice',
  'modifierCostIncrease',
  'productType',
] as const;

/** Body of package/associated-parts/create/{packageId}: the child part and its quantity per door. */
export const associatedPartInputSchema = z.object({
  child: refSchema,
  quantity: quantitySchema,
});

/** Body of package/associated-parts/update/{id}: the row; only quantity is written. */
export const associatedPartUpdateSchema = z.object({ quantity: quantitySchema });

export const associatedPartSchema = z.object({
  id: z.number().int(),
  quantity: z.number().int(),
  child_id: z.number().int(),
  child_itemNo: z.string(),
  child_itemDescription: z.string().nullable(),
  child_wholesalePrice: z.number(),
  child_productType_type: z.string().nullable(),
});
export type AssociatedPart = z.infer<typeof associatedPartSchema>;

export const modifierCategorySchema = z.enum(MODIFIER_CATEGORIES, {
  error: `must be one of ${MODIFIER_CATEGORIES.join(', ')}`,
});

/** Body of package/modifiers/create/{packageId} and update/{modifierId}. LiftNotes carry notes only. */
export const packageModifierInputSchema = z
  .object({
    packageId: z.unknown().optional(),
    category: modifierCategorySchema,
    name: optionalText(120),
    quantity: quantitySchema.optional().default(1),
    product: refSchema.nullish().transform((v) => v ?? null),
    notes: optionalText(2000),
    version: versionSchema,
  })
  .superRefine((m, ctx) => {
    if (m.category === 'LiftNotes') {
      if (!m.notes) ctx.addIssue({ code: 'custom', path: ['notes'], message: 'is required for LiftNotes' });
      return;
    }
    if (!m.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'is required' });
    if (m.product === null) ctx.addIssue({ code: 'custom', path: ['product'], message: 'is required' });
  })
  .transform((m) => (m.category === 'LiftNotes' ? { ...m, name: null, product: null, quantity: 1 } : m));
export type PackageModifierInput = z.infer<typeof packageModifierInputSchema>;

/** The product a modifier adds, as modifiers (package and applied) show it. */
export const modifierProductSchema = productSchema.pick({
  id: true,
  itemNo: true,
  itemDescription: true,
  modifierCostIncrease: true,
});

export const packageModifierSchema = z.object({
  id: z.number().int(),
  packageId: z.number().int(),
  category: z.enum(MODIFIER_CATEGORIES),
  name: z.string().nullable(),
  quantity: z.number().int(),
  product: modifierProductSchema.nullable(),
  notes: z.string().nullable(),
  version: z.number().int(),
});
export type PackageModifier = z.infer<typeof packageModifierSchema>;

export const orderStatusSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  closed: z.boolean(),
});
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Which products a bulk price change moves; every given condition must hold (none: all of them). */
export const bulkPriceFilterSchema = z
  .object({
    /** The product type, by id or by name (any case). */
    productType: z
      .union([z.number().int().positive(), z.string().trim().min(1).max(100)], {
        error: 'must be a product type id or name',
      })
      .optional(),
    /** A multiplier category; null: products without one. */
    multiplierCategory: multiplierCategoryEnum.nullable().optional(),
    itemNoPrefix: z.string().trim().max(64, { error: 'must be at most 64 characters' }).optional(),
    /** The description contains it (case and accents ignored). */
    description: z.string().trim().max(100, { error: 'must be at most 100 characters' }).optional(),
  })
  .strict();
export type BulkPriceFilter = z.infer<typeof bulkPriceFilterSchema>;

/** POST /api/products/bulk-price: the filter, and a percentage or an amount in cents. */
export const bulkPriceSchema = z
  .object({
    filter: bulkPriceFilterSchema.optional().default({}),
    percent: z
      .number({ error: 'must be a number' })
      .finite({ error: 'must be a finite number' })
      .min(-100, { error: 'must be at least -100' })
      .max(1000, { error: 'must be at most 1,000' })
      .refine((v) => decimalPlaces(v) <= 4, { error: 'must have at most 4 decimals' })
      .refine((v) => v !== 0, { error: 'must not be 0' })
      .optional(),
    amountCents: z
      .number({ error: 'must be a number' })
      .int({ error: 'must be a whole number of cents' })
      .min(-1_000_000_000, { error: 'must be at least -1,000,000,000' })
      .max(1_000_000_000, { error: 'must be at most 1,000,000,000' })
      .refine((v) => v !== 0, { error: 'must not be 0' })
      .optional(),
    dryRun: z.boolean({ error: 'must be true or false' }).optional().default(false),
  })
  .strict()
  .refine((b) => (b.percent === undefined) !== (b.amountCents === undefined), {
    error: 'Give either percent or amountCents (one of them).',
  });
export type BulkPriceInput = z.infer<typeof bulkPriceSchema>;

/** One product of a bulk price change, as the preview and the answer show it. */
export const bulkPriceRowSchema = productSchema.pick({ id: true, itemNo: true }).extend({
  fromCents: z.number().int(),
  toCents: z.number().int(),
});
export const bulkPriceResultSchema = z.object({
  /** How many products the change moves (dryRun) or moved. */
  count: z.number().int(),
  /** The first 20 of them by item number. */
  sample: z.array(bulkPriceRowSchema),
  applied: z.boolean(),
});
export type BulkPriceResult = z.infer<typeof bulkPriceResultSchema>;
