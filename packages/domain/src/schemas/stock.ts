/**
 * Stock (docs/stock.md): an append-only ledger of moves per product, on hand kept with it, the
 * open orders' needs promised oldest first, vendor order lines and what arrived of them, counts
 * and reorder suggestions. Quantities are whole units; money is integer cents.
 */
import { z } from 'zod';
import { optionalText, positiveId, refSchema, requiredText, wholeNumberFromDigits } from './common.js';
import { QUANTITY_MAX, quantitySchema } from './fields.js';
import { productLabelFields } from './products.js';

/** What moved stock: the kinds of ledger move. */
export const STOCK_MOVE_KINDS = ['receipt', 'pickup', 'return', 'adjustment', 'count', 'reopen'] as const;
export type StockMoveKind = (typeof STOCK_MOVE_KINDS)[number];

/** Why an administrator adjusted stock by hand. */
export const ADJUSTMENT_REASONS = ['damaged', 'found', 'correction', 'initial'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

/** What a move refers to. */
export const STOCK_REF_KINDS = ['vendor-order', 'order', 'count', 'credit-note', 'adjustment'] as const;
export type StockRefKind = (typeof STOCK_REF_KINDS)[number];

/** Integer cents from 0 to one billion (ten million dollars). */
export const centsSchema = wholeNumberFromDigits(0, 1_000_000_000, {
  type: 'must be a number of cents',
  whole: 'must be a whole number of cents',
  min: 'must not be negative',
  max: 'must be at most 1,000,000,000 cents',
});

/** A whole number of units from 0 (a count, a reorder point). */
const unitsFromZero = wholeNumberFromDigits(0, QUANTITY_MAX * 10, {
  type: 'must be a number',
  whole: 'must be a whole number',
  min: 'must not be negative',
  max: `must be at most ${(QUANTITY_MAX * 10).toLocaleString('en-US')}`,
});

/** The product a stock answer's row is about, as every one of them names it. */
const productNamed = {
  productId: z.number().int(),
  ...productLabelFields,
};

/** What open vendor orders bring of a product: the units still to come and the earliest expected date. */
const incoming = {
  onOrder: z.number().int(),
  nextArrival: z.string().nullable(),
};

/**
 * A request's lines: at least one and at most `max`, each refused in words that name the lines
 * by `noun` ('must name at least one product').
 */
const someLines = <T extends z.ZodType>(line: T, max: number, noun: string) =>
  z
    .array(line)
    .min(1, { error: `must name at least one ${noun}` })
    .max(max, { error: `must name at most ${max.toLocaleString('en-US')} ${noun}s` });

// ---- vendor order lines and receiving --------------------------------------------------------

export const vendorOrderLineSchema = z.object({
  id: z.number().int(),
  vendorOrderId: z.number().int(),
  ...productNamed,
  quantity: z.number().int(),
  receivedQuantity: z.number().int(),
  /** quantity - receivedQuantity, never below 0 (an over-receipt leaves 0). */
  outstanding: z.number().int(),
  unitCostCents: z.number().int().nullable(),
});
export type VendorOrderLine = z.infer<typeof vendorOrderLineSchema>;

export const vendorOrderLineInputSchema = z.object({
  productId: positiveId('must be a product id'),
  quantity: quantitySchema,
  unitCostCents: centsSchema.nullish().transform((v) => v ?? null),
});
export type VendorOrderLineInput = z.infer<typeof vendorOrderLineInputSchema>;

export const vendorOrderLineUpdateSchema = z.object({
  quantity: quantitySchema,
  unitCostCents: centsSchema.nullish().transform((v) => v ?? null),
});
export type VendorOrderLineUpdate = z.infer<typeof vendorOrderLineUpdateSchema>;

export const receiveInputSchema = z.object({
  lines: someLines(z.object({ lineId: positiveId('must be a line id'), quantity: quantitySchema }), 2000, 'line'),
  note: optionalText(2000),
  /** Receive more than is outstanding (the vendor sent extra). */
  over: z.boolean().optional().default(false),
});
export type ReceiveInput = z.infer<typeof receiveInputSchema>;

export const receiptSchema = z.object({
  receiptId: z.number().int(),
  vendorOrderStatus: z.string(),
  lines: z.array(
    z.object({ lineId: z.number().int(), receivedQuantity: z.number().int(), outstanding: z.number().int() }),
  ),
});
export type Receipt = z.infer<typeof receiptSchema>;

// ---- the stock list, a product's stock and its moves ----------------------------------------

export const stockRowSchema = z.object({
  ...productNamed,
  productType: z.string().nullable(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  /** onHand - reserved; below 0 when the open orders need more than the shelf holds. */
  available: z.number().int(),
  ...incoming,
  reorderPoint: z.number().int(),
  reorderQuantity: z.number().int(),
  countNeeded: z.boolean(),
});
export type StockRow = z.infer<typeof stockRowSchema>;

export const STOCK_LIST_FIELDS = [
  'itemNo',
  'itemDescription',
  'productType',
  'onHand',
  'reserved',
  'available',
  'onOrder',
  'nextArrival',
] as const;

/** A package holds no stock: how many whole packages the free stock of its parts makes. */
export const packageStockSchema = z.object({
  ...productNamed,
  isPackage: z.literal(true),
  buildable: z.number().int(),
  parts: z.array(
    z.object({
      productId: z.number().int(),
      itemNo: z.string(),
      quantity: z.number().int(),
      available: z.number().int(),
    }),
  ),
});
export type PackageStock = z.infer<typeof packageStockSchema>;

export const productStockSchema = z.union([stockRowSchema.extend({ isPackage: z.literal(false) }), packageStockSchema]);
export type ProductStock = z.infer<typeof productStockSchema>;

export const stockMoveSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  kind: z.enum(STOCK_MOVE_KINDS),
  quantity: z.number().int(),
  onHandAfter: z.number().int(),
  refKind: z.enum(STOCK_REF_KINDS).nullable(),
  refId: z.number().int().nullable(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  username: z.string().nullable(),
  at: z.string(),
});
export type StockMove = z.infer<typeof stockMoveSchema>;

// ---- what an order (or a quote, as if placed now) needs ------------------------------------

export const availabilityLineSchema = z.object({
  ...productNamed,
  required: z.number().int(),
  covered: z.number().int(),
  short: z.number().int(),
  onHand: z.number().int(),
  ...incoming,
});
export type AvailabilityLine = z.infer<typeof availabilityLineSchema>;

export const availabilitySchema = z.object({
  ready: z.boolean(),
  lines: z.array(availabilityLineSchema),
});
export type Availability = z.infer<typeof availabilitySchema>;

// ---- adjustments, reorder points, counts, reorder --------------------------------------------

export const adjustmentInputSchema = z.object({
  productId: positiveId('must be a product id'),
  quantity: wholeNumberFromDigits(-QUANTITY_MAX, QUANTITY_MAX, {
    type: 'must be a number',
    whole: 'must be a whole number',
    min: `must be at least -${QUANTITY_MAX.toLocaleString('en-US')}`,
    max: `must be at most ${QUANTITY_MAX.toLocaleString('en-US')}`,
  }).refine((v) => v !== 0, { error: 'must not be 0' }),
  reason: z.enum(ADJUSTMENT_REASONS, { error: `must be one of ${ADJUSTMENT_REASONS.join(', ')}` }),
  note: optionalText(2000),
});
export type AdjustmentInput = z.infer<typeof adjustmentInputSchema>;

export const reorderSettingsSchema = z.object({ reorderPoint: unitsFromZero, reorderQuantity: unitsFromZero });
export type ReorderSettings = z.infer<typeof reorderSettingsSchema>;

export const countStartSchema = z.object({
  productIds: z.array(refSchema).max(5000, { error: 'must name at most 5,000 products' }).optional(),
  productType: optionalText(100),
  itemNoPrefix: optionalText(100),
});
export type CountStart = z.infer<typeof countStartSchema>;

export const countEntrySchema = z.object({
  lines: someLines(
    z.object({ productId: positiveId('must be a product id'), counted: unitsFromZero }),
    5000,
    'product',
  ),
});
export type CountEntry = z.infer<typeof countEntrySchema>;

export const STOCK_COUNT_STATES = ['open', 'applied'] as const;

export const stockCountSchema = z.object({
  id: z.number().int(),
  state: z.enum(STOCK_COUNT_STATES),
  startedAt: z.string(),
  startedBy: z.string().nullable(),
  appliedAt: z.string().nullable(),
  lines: z.array(
    z.object({
      ...productNamed,
      expected: z.number().int(),
      counted: z.number().int().nullable(),
    }),
  ),
});
export type StockCount = z.infer<typeof stockCountSchema>;

export const stockCountSummarySchema = stockCountSchema.omit({ lines: true }).extend({
  lineCount: z.number().int(),
  countedCount: z.number().int(),
});
export type StockCountSummary = z.infer<typeof stockCountSummarySchema>;

export const countAppliedSchema = z.object({
  lines: z.array(
    z.object({
      productId: z.number().int(),
      expected: z.number().int(),
      counted: z.number().int(),
      variance: z.number().int(),
      onHandAfter: z.number().int(),
    }),
  ),
});
export type CountApplied = z.infer<typeof countAppliedSchema>;

export const reorderRowSchema = stockRowSchema.extend({ suggested: z.number().int() });
export type ReorderRow = z.infer<typeof reorderRowSchema>;

export const reorderInputSchema = z.object({
  name: requiredText(200),
  lines: someLines(
    z.object({ productId: positiveId('must be a product id'), quantity: quantitySchema }),
    2000,
    'product',
  ),
});
export type ReorderInput = z.infer<typeof reorderInputSchema>;

export const stockCheckSchema = z.object({
  mismatches: z.array(z.object({ kind: z.string(), productId: z.number().int().nullable(), detail: z.string() })),
});
export type StockCheck = z.infer<typeof stockCheckSchema>;

/**
 * A product's stock in the clerk's words, as the cart shows it beside a line: "In stock", or
 * "2 short - 6 due Nov 28" (the earliest arrival), or "2 short" when nothing is due.
 */
export function stockBadge(line: Pick<AvailabilityLine, 'short' | 'onOrder' | 'nextArrival'>): {
  text: string;
  tone: 'ok' | 'due' | 'short';
} {
  if (line.short <= 0) return { text: 'In stock', tone: 'ok' };
  if (line.onOrder > 0 && line.nextArrival) {
    const day = new Date(`${line.nextArrival}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    return { text: `${line.short} short - ${line.onOrder} due ${day}`, tone: 'due' };
  }
  return { text: `${line.short} short`, tone: 'short' };
}
