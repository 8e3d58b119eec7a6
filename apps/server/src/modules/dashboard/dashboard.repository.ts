/**
 * The dashboard's figures (docs/architecture.md section 16), every one a sum or count the
 * database computes over the stored totals (documents.totals.ts), read through an index that
 * covers it: orders by date (orders_date_totals_idx), lines by order
 * (order_parts_order_price_idx), quotes by when they were first sent (quotes_sent_at_idx).
 * A period's range is from..to inclusive, as dates; timestamps (sent_at) compare as UTC.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { addDays } from '@desk/domain';
import type { OrdersTable } from '../../db/schema.js';
import type { Db } from '../../lib/sql.js';

/** The statuses of orders that do not count as sold: Cancelled. */
export async function cancelledStatusIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('order_statuses').select('id').where('type', '=', 'Cancelled').execute();
  return rows.map((r) => r.id);
}

function soldIn(from: string, to: string, cancelled: readonly number[]) {
  return (eb: ExpressionBuilder<{ o: OrdersTable }, 'o'>): Expression<SqlBool> =>
    eb.and([
      eb('o.order_date', '>=', from),
      eb('o.order_date', '<=', to),
      ...(cancelled.length ? [eb('o.order_status_id', 'not in', cancelled)] : []),
    ]);
}

/**
 * A range's orders summed by order date, in date order (the covering index answers it in its
 * order, with no sort): the service adds the days up into weeks or months (periodOf).
 */
export async function salesByDay(db: Db, from: string, to: string, cancelled: readonly number[]) {
  const rows = await db
    .selectFrom('orders as o')
    .select([
      'o.order_date as day',
      sql<number>`count(*)`.as('orders'),
      sql<number>`sum(o.subtotal_cents)`.as('subtotal'),
      sql<number>`sum(o.tax_cents)`.as('tax'),
      sql<number>`sum(o.total_cents)`.as('total'),
    ])
    .where(soldIn(from, to, cancelled))
    .groupBy('o.order_date')
    .orderBy('o.order_date')
    .execute();
  // PostgreSQL answers count and sum as bigint text.
  return rows.map((r) => ({
    day: r.day,
    orders: Number(r.orders),
    subtotalCents: Number(r.subtotal),
    taxCents: Number(r.tax),
    totalCents: Number(r.total),
  }));
}

/**
 * Quote numbers first sent in the range (a number's earliest sent_at among its revisions), and
 * of them how many have a revision accepted.
 */
export async function quotesSentAndWon(db: Db, from: string, to: string) {
  const end = addDays(to, 1);
  const number = (alias: string) => sql.raw(`coalesce(${alias}.quote_number, ${alias}.id)`);
  const row = await sql<{ sent: number | string; won: number | string | null }>`
    select count(*) as sent, coalesce(sum(t.won), 0) as won from (
      select ${number('q')} as n,
        max(case when exists (select 1 from quotes a where ${number('a')} = ${number('q')} and a.quote_status = 'Accepted')
          then 1 else 0 end) as won
      from quotes q
      where q.sent_at >= ${from} and q.sent_at < ${end}
        and not exists (select 1 from quotes e where ${number('e')} = ${number('q')} and e.sent_at < ${from})
      group by ${number('q')}
    ) t`.execute(db);
  const r = row.rows[0];
  return { sent: Number(r?.sent ?? 0), won: Number(r?.won ?? 0) };
}

/** Every open status, in its order, with how many orders have it now (the kept counters). */
export async function openByStatus(db: Db) {
  const rows = await db
    .selectFrom('order_statuses as s')
    .leftJoin('order_status_counts as c', 'c.order_status_id', 's.id')
    .select(['s.type as status', sql<number>`coalesce(c.n, 0)`.as('count')])
    .where('s.closed', '=', 0)
    .orderBy('s.sort_order')
    .execute();
  return rows.map((r) => ({ status: r.status, count: Number(r.count) }));
}

const TOP = 10;

export async function topCustomers(db: Db, from: string, to: string, cancelled: readonly number[]) {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('orders as o')
        // Grouped by +customer_id, an expression: so the plan reads the range through the
        // covering date index instead of walking every order by customer (5x slower at 100,000).
        .select([sql<number>`+o.customer_id`.as('customer_id'), sql<number>`sum(o.total_cents)`.as('total')])
        .where(soldIn(from, to, cancelled))
        .groupBy(sql`+o.customer_id`)
        .having(sql`sum(o.total_cents)`, '>', 0)
        .orderBy(sql`sum(o.total_cents)`, 'desc')
        .orderBy(sql`+o.customer_id`)
        .limit(TOP)
        .as('t'),
    )
    .innerJoin('customers as c', 'c.id', 't.customer_id')
    .select(['c.id', 'c.name', 't.total'])
    .orderBy('t.total', 'desc')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, totalCents: Number(r.total) }));
}

export async function topProducts(db: Db, from: string, to: string, cancelled: readonly number[]) {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('orders as o')
        .innerJoin('order_parts as l', 'l.order_id', 'o.id')
        // +product_id for the same reason: the range's orders first, then their lines (covering).
        .select([sql<number>`+l.product_id`.as('product_id'), sql<number>`sum(l.line_price_cents)`.as('total')])
        .where(soldIn(from, to, cancelled))
        .groupBy(sql`+l.product_id`)
        .having(sql`sum(l.line_price_cents)`, '>', 0)
        .orderBy(sql`sum(l.line_price_cents)`, 'desc')
        .orderBy(sql`+l.product_id`)
        .limit(TOP)
        .as('t'),
    )
    .innerJoin('products as p', 'p.id', 't.product_id')
    .select(['p.id', 'p.item_no', 'p.item_description', 't.total'])
    .orderBy('t.total', 'desc')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.item_description ? `${r.item_no} ${r.item_description}` : r.item_no,
    totalCents: Number(r.total),
  }));
}

/** Whether the administrators let staff see the dashboard (the company settings). */
export async function dashboardForStaff(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('company_settings')
    .select('dashboard_for_staff')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.dashboard_for_staff === 1;
}

export async function setDashboardForStaff(db: Db, forStaff: boolean, now: string): Promise<void> {
  await db
    .updateTable('company_settings')
    .set({ dashboard_for_staff: forStaff ? 1 : 0, updated_at: now })
    .where('id', '=', 1)
    .execute();
}
