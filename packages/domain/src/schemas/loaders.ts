/** Loading bays (docs/architecture.md section 4): bays 1 to 8; 0 or empty means not in a bay. */
import { z } from 'zod';
import { positiveId, wholeNumberFromDigits } from './common.js';
import { documentJobFields, waitingOnSchema } from './documents.js';
import { productLabelFields } from './products.js';

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
    /**
     * Place in Bay into a bay whose current load is another order: the order the clerk agreed to
     * replace (it stays assigned to the bay, no longer loaded). Without it, or naming another, 409.
     */
    replaces: positiveId('must be an order id').nullish(),
    /** Place in Bay of an order waiting on an open vendor order: the clerk agreed. Without it, 409. */
    waitingConfirmed: z.boolean().nullish(),
    /**
     * Whether the ready-for-pickup e-mail goes out when this order is placed; for an order waiting
     * on a vendor order only when true, for any other unless false.
     */
    tellCustomer: z.boolean().nullish(),
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
  ...documentJobFields,
  orderStatus: z.string(),
  current_load: z.boolean(),
  loading_bay: z.number().int().nullable(),
  /** The open vendor orders it waits on (parts not in yet). */
  waitingOn: z.array(waitingOnSchema).optional(),
  /** Whether the shelf covers everything it needs (docs/stock.md), and how many units are short. */
  stock: z.object({ ready: z.boolean(), short: z.number().int() }).optional(),
});
export type PickupOrder = z.infer<typeof pickupOrderRowSchema>;

/** An order assigned to a bay that is not (yet) its current load: shown as "Next". */
export const bayNextOrderSchema = z.object({
  orderId: z.number().int(),
  customerName: z.string().nullable(),
  jobName: z.string().nullable(),
});
export type BayNextOrder = z.infer<typeof bayNextOrderSchema>;

/** An order Place in Bay would load, and the bay. */
const orderToBay = {
  orderId: z.number().int(),
  bay: z.number().int(),
};

/**
 * The 409 of Place in Bay that asks first (issue 36): each bay whose current load the save would
 * replace, and each order it would load that waits on an open vendor order. Sent again with
 * `replaces` / `waitingConfirmed` (and `tellCustomer`) on those rows, it is done.
 */
export const placementQuestionsSchema = z.object({
  taken: z.array(
    z.object({
      ...orderToBay,
      /** The bay's current load, as the bay names it. */
      holder: bayNextOrderSchema,
    }),
  ),
  waiting: z.array(
    z.object({
      ...orderToBay,
      customerName: z.string().nullable(),
      jobName: z.string().nullable(),
      waitingOn: z.array(waitingOnSchema),
    }),
  ),
});
export type PlacementQuestions = z.infer<typeof placementQuestionsSchema>;

/** Complete Orders (all of a customer's loads, or per bay): the ids of the orders completed. */
export const completedOrdersSchema = z.object({ completed: z.array(z.number().int()) });
export type CompletedOrders = z.infer<typeof completedOrdersSchema>;

export const bayRowSchema = z.object({
  quantity: z.number().int(),
  ...productLabelFields,
  price: z.number(),
  /** 'LINE' for a cart line, 'SUB' for a part under a package line. */
  kind: z.enum(['LINE', 'SUB']),
  /** What the loader must know about this row: sub-part and modifier notes, inches ("Lift 18 in"). */
  notes: z.array(z.string()),
});
export type BayRow = z.infer<typeof bayRowSchema>;

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
  /** The open vendor orders the current load waits on (parts not in yet). */
  waitingOn: z.array(waitingOnSchema).optional(),
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
  waitingOn: [],
});
