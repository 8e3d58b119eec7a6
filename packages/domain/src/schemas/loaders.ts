/** Loading bays (docs/architecture.md section 4): bays 1 to 8; 0 or empty means not in a bay. */
import { z } from 'zod';
import { positiveId, wholeNumberFromDigits } from './common.js';
import { waitingOnSchema } from './documents.js';

export const bayIdSchema = wholeNumberFromDigits(0, 8, {
  type: 'must be a bay number',
  whole: 'must be a whole bay number',
  min: 'must be a bay from 0 to 8',
  max: 'must be a bay from 0 to 8',
});

/** One row of the Grid Manager as sent back by Place in Bay / Choose Garage Bay. */
export const pickupOrderSchema = z
  .object({
    id: positiveId('must be an order id'),
    current_load: z
      .union([z.boolean(), z.literal(0), z.literal(1), z.null()])
      .optional()
      .transform((v) => v === true || v === 1),
    loading_bay: z
      .union([bayIdSchema, z.literal(''), z.null()])
      .optional()
      .transform((v) => (v === '' || v === null || v === undefined || v === 0 ? null : v)),
  })
  .loose();

export const pickupOrdersSchema = z
  .array(pickupOrderSchema, { error: 'must be a list of pickup orders' })
  .max(1000, { error: 'must hold at most 1000 orders' })
  .superRefine((rows, ctx) => {
    const seen = new Set<number>();
    for (const [i, r] of rows.entries()) {
      if (seen.has(r.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `order ${r.id} is listed twice` });
      seen.add(r.id);
    }
  });
export type PickupOrderInput = z.infer<typeof pickupOrderSchema>;

export const customerIdsSchema = z
  .array(positiveId('must be a customer id'), { error: 'must be a list of customer ids' })
  .min(1, { error: 'No orders selected for completion.' })
  .max(100);

/**
 * POST /api/orders/completeBayOrders: the orders (one per ticked bay) to complete. An empty list
 * is refused by the service in plain words, not here (a schema message carries a field path).
 */
export const completeBayOrdersSchema = z.object({
  orderIds: z
    .array(positiveId('must be an order id'), { error: 'must be a list of order ids' })
    .max(100, { error: 'must hold at most 100 orders' }),
});
export type CompleteBayOrdersInput = z.infer<typeof completeBayOrdersSchema>;

export const pickupOrderRowSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string().nullable(),
  customerNo: z.string().nullable(),
  jobName: z.string().nullable(),
  poNumber: z.string().nullable(),
  orderStatus: z.string(),
  current_load: z.boolean(),
  loading_bay: z.number().int().nullable(),
  /** The open vendor orders it waits on (parts not in yet). */
  waitingOn: z.array(waitingOnSchema).optional(),
});
export type PickupOrder = z.infer<typeof pickupOrderRowSchema>;

/** Complete Orders (all of a customer's loads, or per bay): the ids of the orders completed. */
export const completedOrdersSchema = z.object({ completed: z.array(z.number().int()) });
export type CompletedOrders = z.infer<typeof completedOrdersSchema>;

export const bayRowSchema = z.object({
  quantity: z.number().int(),
  itemNo: z.string(),
  itemDescription: z.string().nullable(),
  price: z.number(),
  /** 'LINE' for a cart line, 'SUB' for a part under a package line. */
  kind: z.enum(['LINE', 'SUB']),
  /** What the loader must know about this row: sub-part and modifier notes, inches ("Lift 18 in"). */
  notes: z.array(z.string()),
});
export type BayRow = z.infer<typeof bayRowSchema>;

/** An order assigned to a bay that is not (yet) its current load: shown as "Next". */
export const bayNextOrderSchema = z.object({
  orderId: z.number().int(),
  customerName: z.string().nullable(),
  jobName: z.string().nullable(),
});
export type BayNextOrder = z.infer<typeof bayNextOrderSchema>;

export const bayDataSchema = z.object({
  bayId: z.number().int(),
  orderId: z.number().int().nullable(),
  printExcelModels: z.array(bayRowSchema),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  customerJobName: z.string().nullable(),
  /** The current load's Special Instructions. */
  specialInstructions: z.string().nullable(),
  /** Pickup-ready orders assigned to this bay, not its current load, oldest first. */
  next: z.array(bayNextOrderSchema),
});
export type BayData = z.infer<typeof bayDataSchema>;

/** A bay with nothing in it (bay 0, or no current load): no rows, no customer. */
export const emptyBayData = (bayId: number): BayData => ({
  bayId,
  orderId: null,
  printExcelModels: [],
  customerId: null,
  customerName: null,
  customerJobName: null,
  specialInstructions: null,
  next: [],
});
