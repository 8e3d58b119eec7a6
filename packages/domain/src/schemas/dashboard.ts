/**
 * The business at a glance (docs/architecture.md section 16): GET /api/dashboard's query and
 * answer, and the calendar of its periods (days; weeks from Monday; months), one pure
 * implementation for the server's figures and the screen's labels.
 */
import { z } from 'zod';
import { addDays } from './company.js';
import { dateSchema } from './documents.js';

export const DASHBOARD_BUCKETS = ['day', 'week', 'month'] as const;
export type DashboardBucket = (typeof DASHBOARD_BUCKETS)[number];

/** The most periods one answer holds: about a year by day, nine years by week. */
export const MAX_DASHBOARD_PERIODS = 500;

/** A date the dashboard's calendar counts with: years 1900 to 9998 (YYYY-MM-DD stays four digits). */
const inCalendar = (v: string) => v >= '1900-01-01' && v <= '9998-12-31';
const dashboardDate = dateSchema.refine(inCalendar, { error: 'must be a date from 1900-01-01 to 9998-12-31' });

export const dashboardQuerySchema = z
  .object({
    from: dashboardDate,
    to: dashboardDate,
    bucket: z.enum(DASHBOARD_BUCKETS, { error: 'must be day, week or month' }).optional().default('week'),
  })
  .superRefine((q, ctx) => {
    // The dates' own problems are already said (zod goes on to this check regardless).
    if (!inCalendar(q.from) || !inCalendar(q.to)) return;
    if (q.from > q.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before the from date' });
      return;
    }
    const count = dashboardPeriods(q.from, q.to, q.bucket).length;
    if (count > MAX_DASHBOARD_PERIODS)
      ctx.addIssue({
        code: 'custom',
        path: ['bucket'],
        message: `gives ${count} periods for these dates, more than ${MAX_DASHBOARD_PERIODS}: choose a longer bucket or a shorter range`,
      });
  });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/**
 * The period a date falls in: the date itself by day, the Monday that starts its week by week
 * (YYYY-MM-DD), its month by month (YYYY-MM).
 */
export function periodOf(date: string, bucket: DashboardBucket): string {
  if (bucket === 'day') return date.slice(0, 10);
  if (bucket === 'month') return date.slice(0, 7);
  const [y, m, d] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 Sunday .. 6 Saturday
  return addDays(date, -((weekday + 6) % 7));
}

/** Every period from the one holding `from` to the one holding `to`, in order. */
export function dashboardPeriods(from: string, to: string, bucket: DashboardBucket): string[] {
  const out: string[] = [];
  const last = periodOf(to, bucket);
  let at = periodOf(from, bucket);
  // Bounded: a range that would exceed the limit stops one past it (the query refuses it).
  while (at <= last && out.length <= MAX_DASHBOARD_PERIODS) {
    out.push(at);
    if (bucket === 'day') at = addDays(at, 1);
    else if (bucket === 'week') at = addDays(at, 7);
    else {
      const [y, m] = at.split('-').map(Number) as [number, number];
      at = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    }
  }
  return out;
}

const centsSchema = z.number().int();

export const dashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(DASHBOARD_BUCKETS),
  /** Orders by order date (cancelled orders left out), every period of the range, empty ones at 0. */
  sales: z.array(
    z.object({
      period: z.string(),
      orders: z.number().int(),
      subtotalCents: centsSchema,
      taxCents: centsSchema,
      totalCents: centsSchema,
    }),
  ),
  /**
   * Quotes first sent (left Draft) in the range, a quote and its revisions counting once; won:
   * those of them accepted since; conversion: won / sent (0 when none were sent).
   */
  quotes: z.object({ sent: z.number().int(), won: z.number().int(), conversion: z.number() }),
  /** Every open order status with how many orders have it now. */
  openByStatus: z.array(z.object({ status: z.string(), count: z.number().int() })),
  /** The bays' current loads now, by bay, and how long each customer has waited. */
  bays: z.array(
    z.object({
      bay: z.number().int(),
      orderId: z.number().int(),
      customerName: z.string(),
      waitingMinutes: z.number().int(),
    }),
  ),
  /** The ten customers and products with the most ordered in the range (cancelled orders left out). */
  topCustomers: z.array(z.object({ id: z.number().int(), name: z.string(), totalCents: centsSchema })),
  topProducts: z.array(z.object({ id: z.number().int(), name: z.string(), totalCents: centsSchema })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/**
 * GET /api/dashboard/access: whether the signed-in user may open the dashboard, and whether the
 * administrators have opened it to staff.
 */
export const dashboardAccessSchema = z.object({ allowed: z.boolean(), forStaff: z.boolean() });
export type DashboardAccess = z.infer<typeof dashboardAccessSchema>;

/** PUT /api/dashboard/access (administrators): open the dashboard to staff, or close it. */
export const dashboardAccessUpdateSchema = z.object(
  { forStaff: z.boolean({ error: 'forStaff must be true or false' }) },
  { error: 'Send {"forStaff": true} or {"forStaff": false}' },
);
