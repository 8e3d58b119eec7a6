import { z } from 'zod';
import { MODIFIER_CATEGORIES, MULTIPLIER_CATEGORIES } from '../constants.js';
import { optionalText, refSchema, requiredText } from './common.js';
import { moneySchema, quantitySchema, versionSchema } from './fields.js';

export const multiplierCategorySchema = z
  .union([
    z.enum(MULTIPLIER_CATEGORIES, { error: 'must be Residential, Opener, Sectional or Commercial' }),
    z.literal(''),
    z.null(),
  ])
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

export interface ProductType {
  id: number;
  type: string;
  isPackage: boolean;
}

export interface Product {
  id: number;
  itemNo: string;
  itemDescription: string | null;
  wholesalePrice: number;
  multiplierCategory: string | null;
  productType: { id: number; type: string } | null;
  modifierCostIncrease: number;
  windowsData: string | null;
  windowDescription: string | null;
  insertsData: string | null;
  insertDescription: string | null;
  isPackage: boolean;
  version: number;
}

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

export interface AssociatedPart {
  id: number;
  quantity: number;
  child_id: number;
  child_itemNo: string;
  child_itemDescription: string | null;
  child_wholesalePrice: number;
  child_productType_type: string | null;
}

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

export interface PackageModifier {
  id: number;
  packageId: number;
  category: (typeof MODIFIER_CATEGORIES)[number];
  name: string | null;
  quantity: number;
  product: { id: number; itemNo: string; itemDescription: string | null; modifierCostIncrease: number } | null;
  notes: string | null;
  version: number;
}

export interface OrderStatus {
  id: number;
  type: string;
  closed: boolean;
}
