/**
 * Orders and quotes are one kind of document (docs/architecture.md section 3): the same header, cart lines,
 * sub-parts and applied modifiers; the order adds status, pickup and bay fields.
 */
import { z } from 'zod';
import { VENDOR_ORDER_STATUSES, type ModifierCategory, type SubPartSource } from '../constants.js';
import type { PricingInfo } from '../pricing.js';
import { optionalText, positiveId, refSchema, requiredText } from './common.js';
import { flagSchema, moneySchema, quantitySchema, versionSchema } from './fields.js';
import type { Product } from './products.js';

export const DOCUMENT_KINDS = ['order', 'quote'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** YYYY-MM-DD, a real calendar date. */
export const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date YYYY-MM-DD' })
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      error: 'must be a real date',
    },
  );

/** Accepts an ISO timestamp or a date and keeps the date part (forms send either). */
const dateLikeSchema = z
  .string()
  .transform((v) => v.slice(0, 10))
  .pipe(dateSchema);

/**
 * Body of orders/create, orders/update/{id}, quotes/create, quotes/update/{id}. Unknown and
 * read-only fields (totals, ids of other records, customer details) are ignored.
 */
export const documentInputSchema = z.object({
  customer: refSchema,
  jobName: optionalText(200),
  poNumber: optionalText(60),
  specialInstructions: optionalText(2000),
  orderDate: dateLikeSchema.nullish(),
  quoteDate: dateLikeSchema.nullish(),
  useTax: flagSchema.optional(),
  orderStatus: refSchema.nullish(),
  orderPickup: flagSchema.optional(),
  refreshMultiplier: flagSchema.optional(),
  noPricePrint: flagSchema.optional(),
  version: versionSchema,
});
export type DocumentInput = z.infer<typeof documentInputSchema>;

/** Duplicate: the edited document; its jobName names the copy. */
export const duplicateDocumentSchema = z.object({ jobName: optionalText(200) }).loose();

export const lineCreateSchema = z.object({ product: refSchema, quantity: quantitySchema });
export const lineUpdateSchema = z.object({ quantity: quantitySchema });
export const priceOverrideSchema = z.object({ priceOverride: moneySchema.nullable() });

/**
 * Body of orders/create-from-quote/{quoteId}: none, or {"again": true} to make another order from
 * a quote that was already exported (without it a second export answers 409 naming the order).
 */
export const exportQuoteSchema = z
  .object({ again: flagSchema.optional() })
  .loose()
  .nullish()
  .transform((v) => ({ again: v?.again ?? false }));

/** Add a part to a package line: update_subpart_list/{lineId}. */
export const subPartAddSchema = z.object({ child: refSchema, quantity: quantitySchema });

export const assocNotesSchema = z.object({
  parentId: z.unknown().optional(),
  rowId: positiveId('must be a sub-part row id'),
  notes: optionalText(2000),
});

export const modNotesSchema = assocNotesSchema.extend({ inches: optionalText(40) });

/** Apply a modifier to a line (star on), or change its notes: id is the package modifier's id. */
export const modifierUpsertSchema = z
  .object({
    id: positiveId('must be the package modifier id').optional(),
    modifierId: positiveId('must be the package modifier id').optional(),
    notes: optionalText(2000),
    inches: optionalText(40),
  })
  .loose()
  .refine((v) => v.id !== undefined || v.modifierId !== undefined, {
    error: 'is required (the package modifier id)',
    path: ['id'],
  })
  .transform((v) => ({ modifierId: (v.id ?? v.modifierId) as number, notes: v.notes, inches: v.inches }));

export interface DocumentTotals {
  subTotal: number;
  tax: number;
  total: number;
}

/** Sub Total, Tax and Total in integer cents, as the server priced them. */
export interface DocumentTotalsCents {
  subTotalCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * A cart line's price in integer cents, as the server priced it: what the cart, its '?' breakdown
 * and the PDF show (docs/architecture.md section 1). The browser formats it and computes nothing.
 */
export interface LinePriceCents {
  /** The product's wholesale price. */
  baseCents: number;
  /** The document's multiplier for the product's category (1 for none), e.g. 0.85. */
  multiplier: number;
  multiplierCategory: string | null;
  /** round(base × multiplier). */
  multipliedCents: number;
  /** The applied modifiers' cost for one unit. */
  modCostCents: number;
  /** multipliedCents + modCostCents. */
  unitPriceCents: number;
  quantity: number;
  /** unitPriceCents × quantity, what the line would count before the package and override rules. */
  extendedCents: number;
  /** Packages: unit × quantity; other lines 0; an override replaces either. */
  linePriceCents: number;
  priceOverrideCents: number | null;
  isPackage: boolean;
  /** Whether the line counts toward the Sub Total (packages and overridden lines). */
  counts: boolean;
  overridden: boolean;
}

export interface DocumentCustomer {
  id: number;
  customerNo: string | null;
  name: string;
  contactName: string | null;
  email?: string | null;
}

export interface DocumentHeader {
  id: number;
  kind: DocumentKind;
  customer: DocumentCustomer;
  jobName: string | null;
  poNumber: string | null;
  specialInstructions: string | null;
  /** orderDate for orders, quoteDate for quotes (both are set on the object for the kind). */
  orderDate?: string;
  quoteDate?: string;
  useTax: boolean;
  openerMultiplierCopy: number;
  residentialMultiplierCopy: number;
  sectionalMultiplierCopy: number;
  commercialMultiplierCopy: number;
  orderStatus?: { id: number; type: string; closed: boolean };
  orderPickup?: boolean;
  current_load?: boolean;
  loading_bay?: number | null;
  sourceQuoteId?: number | null;
  /** Quotes: the orders made from it by Export to Order, oldest first. */
  exportedOrderIds?: number[];
  /** Print without prices (a pick ticket for the yard); saved with the header. */
  noPricePrint: boolean;
  version: number;
  totals?: DocumentTotals;
  totalsCents?: DocumentTotalsCents;
}

/** A row of the order or quote list (flat fields are the filter and sort names). */
export interface DocumentListItem {
  id: number;
  jobName: string | null;
  poNumber: string | null;
  customerId: number;
  customerNo: string | null;
  customerName: string;
  contactName: string | null;
  orderStatus?: string;
  orderDate?: string;
  quoteDate?: string;
  orderPickup?: boolean;
  /** Quotes: the orders made from it by Export to Order, oldest first. */
  exportedOrderIds?: number[];
}

export const ORDER_LIST_FIELDS = [
  'id',
  'jobName',
  'poNumber',
  'customerNo',
  'customerName',
  'contactName',
  'orderStatus',
] as const;
export const QUOTE_LIST_FIELDS = ['id', 'jobName', 'poNumber', 'customerNo', 'customerName', 'contactName'] as const;

export interface CartLine {
  id: number;
  quantity: number;
  priceOverride: number | null;
  modCostIncrease: number;
  product: Product;
  pricingInfo: PricingInfo;
  unitPrice: number;
  linePrice: number;
  position: number;
  /** The same price in cents with its breakdown; the cart shows this. */
  price: LinePriceCents;
}

/** What a write that moves a price answers besides its own data: the document's new totals. */
export interface PricedTotals {
  totals: DocumentTotals;
  totalsCents: DocumentTotalsCents;
}

export interface SubPartRow {
  rowId: number;
  source: SubPartSource;
  product: { id: number; itemNo: string; itemDescription: string | null; productType: string | null };
  quantity: number;
  notes: string | null;
  inches: string | null;
  category: ModifierCategory | null;
  appliedModifierId: number | null;
}

/** A modifier applied to a line (order and quote side, docs/product.md section 3). */
export interface AppliedModifier {
  id: number;
  modifierId: number;
  assocPackageModifier: {
    id: number;
    name: string | null;
    category: ModifierCategory;
    notes: string | null;
    quantity: number;
  };
  assocProduct: { id: number; itemNo: string; itemDescription: string | null; modifierCostIncrease: number } | null;
  notes: string | null;
  inches: string | null;
}

export const vendorOrderInputSchema = z.object({
  name: requiredText(200),
  description: optionalText(2000),
  estimatedArrival: dateLikeSchema.nullish().transform((v) => v ?? null),
  status: z
    .enum(VENDOR_ORDER_STATUSES, { error: `must be one of ${VENDOR_ORDER_STATUSES.join(', ')}` })
    .optional()
    .default('Ordered'),
  version: versionSchema,
});
export type VendorOrderInput = z.infer<typeof vendorOrderInputSchema>;

export interface VendorOrder {
  id: number;
  name: string;
  description: string | null;
  estimatedArrival: string | null;
  status: (typeof VENDOR_ORDER_STATUSES)[number];
  version: number;
}

export const VENDOR_ORDER_LIST_FIELDS = ['id', 'name', 'description', 'estimatedArrival', 'status'] as const;

export const linkedOrderInputSchema = z.object({ order: refSchema, vendorOrder: refSchema });

export interface LinkedOrder {
  id: number;
  order: { id: number; jobName: string | null; customerNo: string | null; customerName: string; orderStatus: string };
  vendorOrder: VendorOrder;
}
