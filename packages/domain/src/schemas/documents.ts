/**
 * Orders and quotes are one kind of document (docs/architecture.md section 3): the same header, cart lines,
 * sub-parts and applied modifiers; the order adds status, pickup and bay fields.
 */
import { z } from 'zod';
import { MODIFIER_CATEGORIES, SUB_PART_SOURCES, VENDOR_ORDER_STATUSES } from '../constants.js';
import type { PricingInfo } from '../pricing.js';
import { optionalText, positiveId, refSchema, requiredText } from './common.js';
import { flagSchema, multiplierFields, priceOverrideAmountSchema, quantitySchema, versionSchema } from './fields.js';
import { customerSchema } from './customers.js';
import { modifierProductSchema, orderStatusSchema, packageModifierSchema, productSchema } from './products.js';

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
 * A quote's status (docs/architecture.md section 3): Draft when made, Sent when e-mailed, Accepted
 * when exported to an order, Declined when a clerk says so, Expired when past its validity date
 * (the quote date plus the company's validity days) while still Draft or Sent.
 */
export const QUOTE_STATUSES = ['Draft', 'Sent', 'Accepted', 'Declined', 'Expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** What a clerk may set by hand; Accepted comes with Export to Order, Expired with the date. */
export const QUOTE_STATUSES_SET_BY_HAND = ['Draft', 'Sent', 'Declined'] as const;

/**
 * Body of orders/create, orders/update/{id}, quotes/create, quotes/update/{id}. Unknown and
 * read-only fields (totals, ids of other records, customer details) are ignored.
 */
/** The most characters each text field of a document's header holds (the form counts against these). */
export const DOCUMENT_TEXT_LIMITS = {
  jobName: 200,
  poNumber: 60,
  specialInstructions: 2000,
  /** A sub-part's or an applied modifier's notes, and a Lift's inches. */
  notes: 2000,
  inches: 40,
} as const;

export const documentInputSchema = z.object({
  customer: refSchema,
  jobName: optionalText(DOCUMENT_TEXT_LIMITS.jobName),
  poNumber: optionalText(DOCUMENT_TEXT_LIMITS.poNumber),
  specialInstructions: optionalText(DOCUMENT_TEXT_LIMITS.specialInstructions),
  orderDate: dateLikeSchema.nullish(),
  quoteDate: dateLikeSchema.nullish(),
  useTax: flagSchema.optional(),
  orderStatus: refSchema.nullish(),
  orderPickup: flagSchema.optional(),
  refreshMultiplier: flagSchema.optional(),
  noPricePrint: flagSchema.optional(),
  /** Quotes: Draft, Sent or Declined (unchanged when absent). */
  quoteStatus: z
    .enum(QUOTE_STATUSES_SET_BY_HAND, {
      error: 'must be Draft, Sent or Declined (a quote is Accepted by exporting it to an order)',
    })
    .optional(),
  version: versionSchema,
});
export type DocumentInput = z.infer<typeof documentInputSchema>;

/** Duplicate: the edited document; its jobName names the copy. */
export const duplicateDocumentSchema = z.object({ jobName: optionalText(DOCUMENT_TEXT_LIMITS.jobName) }).loose();

export const lineCreateSchema = z.object({ product: refSchema, quantity: quantitySchema });
export const lineUpdateSchema = z.object({ quantity: quantitySchema });
export const priceOverrideSchema = z.object({ priceOverride: priceOverrideAmountSchema.nullable() });

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
  notes: optionalText(DOCUMENT_TEXT_LIMITS.notes),
});

export const modNotesSchema = assocNotesSchema.extend({ inches: optionalText(DOCUMENT_TEXT_LIMITS.inches) });

/** Apply a modifier to a line (star on), or change its notes: id is the package modifier's id. */
export const modifierUpsertSchema = z
  .object({
    id: positiveId('must be the package modifier id').optional(),
    modifierId: positiveId('must be the package modifier id').optional(),
    notes: optionalText(DOCUMENT_TEXT_LIMITS.notes),
    inches: optionalText(DOCUMENT_TEXT_LIMITS.inches),
  })
  .loose()
  .refine((v) => v.id !== undefined || v.modifierId !== undefined, {
    error: 'is required (the package modifier id)',
    path: ['id'],
  })
  .transform((v) => ({ modifierId: (v.id ?? v.modifierId) as number, notes: v.notes, inches: v.inches }));

/** A document's Sub Total, Tax and Total, each `field`, named with `suffix` ('Cents' for the cents). */
const totalsFields = <S extends '' | 'Cents', T extends z.ZodType>(suffix: S, field: T) =>
  ({ [`subTotal${suffix}`]: field, [`tax${suffix}`]: field, [`total${suffix}`]: field }) as {
    [K in `${'subTotal' | 'tax' | 'total'}${S}`]: T;
  };

/** Sub Total, Tax and Total in dollars, for older clients. */
export const documentTotalsSchema = z.object(totalsFields('', z.number()));
export type DocumentTotals = z.infer<typeof documentTotalsSchema>;

/** Sub Total, Tax and Total in integer cents, as the server priced them. */
export const documentTotalsCentsSchema = z.object(totalsFields('Cents', z.number().int()));
export type DocumentTotalsCents = z.infer<typeof documentTotalsCentsSchema>;

/** What a write that moves a price answers besides its own data: the document's new totals. */
export const pricedTotalsSchema = z.object({
  totals: documentTotalsSchema,
  totalsCents: documentTotalsCentsSchema,
});
export type PricedTotals = z.infer<typeof pricedTotalsSchema>;

/**
 * A cart line's price in integer cents, as the server priced it: what the cart, its '?' breakdown
 * and the PDF show (docs/architecture.md section 1). The browser formats it and computes nothing.
 */
export const linePriceCentsSchema = z.object({
  /** The product's wholesale price. */
  baseCents: z.number().int(),
  /** The document's multiplier for the product's category (1 for none), e.g. 0.85. */
  multiplier: z.number(),
  multiplierCategory: z.string().nullable(),
  /** round(base × multiplier). */
  multipliedCents: z.number().int(),
  /** The applied modifiers' cost for one unit. */
  modCostCents: z.number().int(),
  /** multipliedCents + modCostCents. */
  unitPriceCents: z.number().int(),
  quantity: z.number().int(),
  /** unitPriceCents × quantity, what the line would count before the package and override rules. */
  extendedCents: z.number().int(),
  /** Packages: unit × quantity; other lines 0; an override replaces either. */
  linePriceCents: z.number().int(),
  priceOverrideCents: z.number().int().nullable(),
  isPackage: z.boolean(),
  /** Whether the line counts toward the Sub Total (packages, overridden lines, priced loose parts). */
  counts: z.boolean(),
  overridden: z.boolean(),
  /** A plain part on a document that prices loose parts: unit × quantity unless overridden (decision 028). */
  loosePart: z.boolean(),
});
export type LinePriceCents = z.infer<typeof linePriceCentsSchema>;

/** The customer's identifying fields on a document header (the e-mail only where the server sends it). */
export const documentCustomerSchema = customerSchema
  .pick({ id: true, customerNo: true, name: true, contactName: true })
  .extend({ email: customerSchema.shape.email.optional() });
export type DocumentCustomer = z.infer<typeof documentCustomerSchema>;

/** An order or quote header as the server answers it (get, create, update, duplicate, export). */
/**
 * An open vendor order (Ordered or Shipped) an order waits on: "Waiting on vendor order 7,
 * expected Nov 28"; overdue when its expected date is before today.
 */
export const waitingOnSchema = z.object({
  vendorOrderId: z.number().int(),
  name: z.string(),
  expected: z.string().nullable(),
  overdue: z.boolean(),
});
export type WaitingOn = z.infer<typeof waitingOnSchema>;

/** The job a document is for: its job name and the customer's PO number (headers, lists and bays alike). */
export const documentJobFields = {
  jobName: z.string().nullable(),
  poNumber: z.string().nullable(),
};

/**
 * A document's date: orderDate on an order, quoteDate on a quote (the header and the list set the
 * one of its kind).
 */
const documentDates = {
  orderDate: z.string().optional(),
  quoteDate: z.string().optional(),
};

/** Quotes: the status, the number its revisions share, and its revision (the header and the list alike). */
const quoteRevisionFields = {
  status: z.enum(QUOTE_STATUSES).optional(),
  quoteNumber: z.number().int().optional(),
  revision: z.number().int().optional(),
};

export const documentHeaderSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  customer: documentCustomerSchema,
  ...documentJobFields,
  specialInstructions: z.string().nullable(),
  ...documentDates,
  useTax: z.boolean(),
  ...multiplierFields('Copy', z.number()),
  /** "Price loose parts" as the document captured it when made (docs/decisions/028). */
  priceLooseParts: z.boolean().optional(),
  orderStatus: orderStatusSchema.optional(),
  orderPickup: z.boolean().optional(),
  current_load: z.boolean().optional(),
  loading_bay: z.number().int().nullable().optional(),
  sourceQuoteId: z.number().int().nullable().optional(),
  /** Quotes: the orders made from it by Export to Order, oldest first. */
  exportedOrderIds: z.array(z.number().int()).optional(),
  /** Print without prices (a pick ticket for the yard); saved with the header. */
  noPricePrint: z.boolean(),
  ...quoteRevisionFields,
  /** Quotes: whether it is the latest revision. */
  latestRevision: z.boolean().optional(),
  /** Orders: the open vendor orders it waits on. */
  waitingOn: z.array(waitingOnSchema).optional(),
  version: z.number().int(),
  ...pricedTotalsSchema.partial().shape,
});
export type DocumentHeader = z.infer<typeof documentHeaderSchema>;

/** A row of the order or quote list (flat fields are the filter and sort names). */
export const documentListItemSchema = z.object({
  id: z.number().int(),
  ...documentJobFields,
  customerId: z.number().int(),
  customerNo: z.string().nullable(),
  customerName: z.string(),
  contactName: z.string().nullable(),
  orderStatus: z.string().optional(),
  ...documentDates,
  orderPickup: z.boolean().optional(),
  /** Quotes: the orders made from it by Export to Order, oldest first. */
  exportedOrderIds: z.array(z.number().int()).optional(),
  /** Quotes: those of the latest revision. */
  ...quoteRevisionFields,
  /** Orders: the open vendor orders it waits on. */
  waitingOn: z.array(waitingOnSchema).optional(),
  /** The total the pricer last gave it, in cents (the stored totals); sorted by as `total`. */
  totalCents: z.number().int().optional(),
});
export type DocumentListItem = z.infer<typeof documentListItemSchema>;

/** The sort and filter names the order and quote lists share; each adds its status and date. */
const DOCUMENT_LIST_FIELDS = ['id', 'jobName', 'poNumber', 'customerNo', 'customerName', 'contactName'] as const;
export const ORDER_LIST_FIELDS = [...DOCUMENT_LIST_FIELDS, 'orderStatus', 'orderDate', 'total'] as const;
export const QUOTE_LIST_FIELDS = [...DOCUMENT_LIST_FIELDS, 'status', 'quoteDate', 'total'] as const;

/** One revision of a quote (GET /api/quotes/{id}/revisions). */
export const quoteRevisionSchema = z.object({
  id: z.number().int(),
  quoteNumber: z.number().int(),
  revision: z.number().int(),
  status: z.enum(QUOTE_STATUSES),
  latest: z.boolean(),
  quoteDate: z.string(),
  ...pricedTotalsSchema.shape,
});
export type QuoteRevision = z.infer<typeof quoteRevisionSchema>;

/** The pricing inputs of a line (pricing.ts's PricingInfo), as the cart answers them. */
export const pricingInfoSchema: z.ZodType<PricingInfo> = z.object({
  baseProductCost: z.number(),
  baseProductMultiplierCategory: z.string().nullable(),
  multiplierValue: z.number(),
  lineQuantity: z.number().int(),
  isPackage: z.boolean(),
  modCostIncrease: z.number(),
  priceOverride: z.number().nullable(),
});

export const cartLineSchema = z.object({
  id: z.number().int(),
  quantity: z.number().int(),
  priceOverride: z.number().nullable(),
  modCostIncrease: z.number(),
  product: productSchema,
  pricingInfo: pricingInfoSchema,
  unitPrice: z.number(),
  linePrice: z.number(),
  position: z.number().int(),
  /** The same price in cents with its breakdown; the cart shows this. */
  price: linePriceCentsSchema,
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** Add a line, change its quantity or override: the line as priced now, with the new totals. */
export const lineAnswerSchema = cartLineSchema.extend(pricedTotalsSchema.shape);
export type LineAnswer = z.infer<typeof lineAnswerSchema>;

/** Delete a line: its id and the document's totals without it. */
export const deletedLineAnswerSchema = z.object({ id: z.number().int() }).extend(pricedTotalsSchema.shape);
export type DeletedLineAnswer = z.infer<typeof deletedLineAnswerSchema>;

export const subPartRowSchema = z.object({
  rowId: z.number().int(),
  source: z.enum(SUB_PART_SOURCES),
  /** The part as the product answers it, with its product type's name. */
  product: productSchema
    .pick({ id: true, itemNo: true, itemDescription: true })
    .extend({ productType: z.string().nullable() }),
  quantity: z.number().int(),
  notes: z.string().nullable(),
  inches: z.string().nullable(),
  category: z.enum(MODIFIER_CATEGORIES).nullable(),
  appliedModifierId: z.number().int().nullable(),
});
export type SubPartRow = z.infer<typeof subPartRowSchema>;

/** A modifier applied to a line (order and quote side, docs/product.md section 3). */
export const appliedModifierSchema = z.object({
  id: z.number().int(),
  modifierId: z.number().int(),
  /** The package modifier it applies, as the package offers it. */
  assocPackageModifier: packageModifierSchema.pick({
    id: true,
    name: true,
    category: true,
    notes: true,
    quantity: true,
  }),
  assocProduct: modifierProductSchema.nullable(),
  notes: z.string().nullable(),
  inches: z.string().nullable(),
});
export type AppliedModifier = z.infer<typeof appliedModifierSchema>;

/** Apply a modifier: the applied modifier, the line as priced now and the new totals. */
export const appliedModifierAnswerSchema = appliedModifierSchema
  .extend({ line: cartLineSchema.nullable() })
  .extend(pricedTotalsSchema.shape);
export type AppliedModifierAnswer = z.infer<typeof appliedModifierAnswerSchema>;

/** Un-apply a modifier: its id, the line as priced now and the new totals. */
export const removedModifierAnswerSchema = z
  .object({ id: z.number().int(), line: cartLineSchema.nullable() })
  .extend(pricedTotalsSchema.shape);
export type RemovedModifierAnswer = z.infer<typeof removedModifierAnswerSchema>;

export const vendorOrderInputSchema = z.object({
  name: requiredText(200),
  description: optionalText(2000),
  estimatedArrival: dateLikeSchema.nullish().transform((v) => v ?? null),
  status: z
    .enum(VENDOR_ORDER_STATUSES, { error: `must be one of ${VENDOR_ORDER_STATUSES.join(', ')}` })
    .optional()
    .default('Ordered'),
  /** When Received; the day it is marked Received when not given, empty while not Received. */
  receivedDate: dateLikeSchema.nullish().transform((v) => v ?? null),
  version: versionSchema,
});
export type VendorOrderInput = z.infer<typeof vendorOrderInputSchema>;

export const vendorOrderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  estimatedArrival: z.string().nullable(),
  status: z.enum(VENDOR_ORDER_STATUSES),
  receivedDate: z.string().nullable(),
  version: z.number().int(),
});
export type VendorOrder = z.infer<typeof vendorOrderSchema>;

export const VENDOR_ORDER_LIST_FIELDS = [
  'id',
  'name',
  'description',
  'estimatedArrival',
  'status',
  'receivedDate',
] as const;

export const linkedOrderInputSchema = z.object({ order: refSchema, vendorOrder: refSchema });

export const linkedOrderSchema = z.object({
  id: z.number().int(),
  order: z.object({
    id: z.number().int(),
    jobName: z.string().nullable(),
    customerNo: z.string().nullable(),
    customerName: z.string(),
    orderStatus: z.string(),
  }),
  vendorOrder: vendorOrderSchema,
});
export type LinkedOrder = z.infer<typeof linkedOrderSchema>;
