/**
 * The order and quote lists (docs/architecture.md section 2): their rows, columns, filters, sort
 * and page, and the export's rows, in SQL, parameterised by kind.
 */
import { sql } from 'kysely';
import { EXPIRING_QUOTE_STATUSES, type DocumentListItem, type QuoteStatus } from '@desk/domain';
import {
  containsPattern,
  runPagedList,
  sortedListQuery,
  tableColumns,
  type FilterOverrides,
  type ListColumns,
  type ListQuery,
} from '../../lib/paging.js';
import { customerNameContains, idIn, jobNameContains } from '../../lib/contains.js';
import type { Db } from '../../lib/sql.js';
import { docDb, type KindTables } from './kinds.js';

/**
 * A quote's status as the lists show it, in SQL: quoteStatusOf (packages/domain/src/quotes.ts) for
 * every row, Expired when still Draft or Sent and dated before `cutoff` (null: never expires).
 */
export function quoteStatusSql(cutoff: string | null) {
  const expiring = sql.join(EXPIRING_QUOTE_STATUSES.map((s) => sql.lit(s)));
  return cutoff === null
    ? sql<string>`d.quote_status`
    : sql<string>`case when d.quote_status in (${expiring}) and d.quote_date < ${cutoff} then 'Expired' else d.quote_status end`;
}

/** The number a quote's revisions share. */
export const quoteNumberSql = sql<number>`coalesce(d.quote_number, d.id)`;

export function listColumns(k: KindTables, cutoff: string | null = null): ListColumns {
  const cols: ListColumns = {
    ...tableColumns('d', ['id', 'job_name', 'po_number']),
    customerNo: sql.ref('c.customer_no'),
    customerName: sql.ref('c.name'),
    contactName: sql.ref('c.contact_name'),
  };
  // Date and Total (issue 36): each sort has its index (migration 2026112910).
  cols[k.dateField] = sql.ref(`d.${k.dateColumn}`);
  cols.total = sql.ref('d.total_cents');
  if (k.kind === 'order') cols.orderStatus = sql`s.type`;
  if (k.kind === 'quote') cols.status = quoteStatusSql(cutoff);
  return cols;
}

/**
 * The list's rows: the open/closed switch is a status-id list (no join), and customers and
 * statuses are joined only when a filter or sort uses them.
 */
function listBase(db: Db, k: KindTables, closed: boolean | undefined, fields: Set<string> | 'all') {
  const needs = (f: string[]) => fields === 'all' || f.some((x) => fields.has(x));
  // The joins are optional, so their columns are read through typed refs (listSelect, listColumns).
  return (
    docDb(db)
      .selectFrom(`${k.header} as d`)
      .$if(needs(['customerNo', 'customerName', 'contactName']), (q) =>
        q.innerJoin('customers as c', 'c.id', 'd.customer_id'),
      )
      .$if(k.kind === 'order' && needs(['orderStatus']), (q) =>
        q.innerJoin('order_statuses as s', 's.id', 'd.order_status_id'),
      )
      .$if(k.kind === 'order' && closed !== undefined, (q) =>
        // is_closed is kept by trigger (migration 2026112205); a literal, so the (is_closed, id)
        // index serves the page in order.
        q.where(closed ? sql<boolean>`d.is_closed = 1` : sql<boolean>`d.is_closed = 0`),
      )
      // Quotes: the latest revision of each (the (superseded, id) index serves the page in order).
      .$if(k.kind === 'quote', (q) => q.where(sql<boolean>`d.superseded = 0`))
  );
}
type ListBase = ReturnType<typeof listBase>;

function listSelect(k: KindTables, cutoff: string | null = null) {
  return (qb: ListBase) =>
    qb
      .select([
        'd.id',
        'd.job_name',
        'd.po_number',
        'd.customer_id',
        `d.${k.dateColumn} as doc_date`,
        'd.total_cents',
        sql.ref<string | null>('c.customer_no').as('customer_no'),
        sql.ref<string>('c.name').as('customer_name'),
        sql.ref<string | null>('c.contact_name').as('contact_name'),
      ])
      .$if(k.kind === 'order', (q) => q.select([sql.ref<string>('s.type').as('status_type'), 'd.order_pickup']))
      .$if(k.kind === 'quote', (q) =>
        q.select([
          quoteStatusSql(cutoff).as('quote_status'),
          quoteNumberSql.as('quote_number'),
          sql<number>`d.revision`.as('revision'),
        ]),
      );
}
type ListRow = Awaited<ReturnType<ReturnType<ReturnType<typeof listSelect>>['execute']>>[number];

function toListItem(k: KindTables) {
  return (r: ListRow): DocumentListItem => ({
    id: r.id,
    jobName: r.job_name,
    poNumber: r.po_number,
    customerId: r.customer_id,
    customerNo: r.customer_no,
    customerName: r.customer_name,
    contactName: r.contact_name,
    [k.dateField]: r.doc_date,
    totalCents: Number(r.total_cents),
    ...(k.kind === 'order' ? { orderStatus: r.status_type, orderPickup: r.order_pickup === 1 } : {}),
    ...(k.kind === 'quote'
      ? { status: r.quote_status as QuoteStatus, quoteNumber: Number(r.quote_number), revision: Number(r.revision) }
      : {}),
  });
}

/** Customer filters go through the customers table first: a small scan, then the orders index. */
const customerFilter = (column: string) => (pattern: string) =>
  sql<boolean>`d.customer_id in (select id from customers where ${sql.ref(`${column}_fold`)} like fold(${pattern}) escape '\\')`;
/** Folded columns kept by trigger: a native LIKE per row instead of a fold() call. */
const ownFilter = (column: string) => (pattern: string) =>
  sql<boolean>`${sql.ref(`d.${column}_fold`)} like fold(${pattern}) escape '\\'`;
const LIST_FILTERS: FilterOverrides = {
  jobName: ownFilter('job_name'),
  poNumber: ownFilter('po_number'),
  customerNo: customerFilter('customer_no'),
  customerName: customerFilter('name'),
  contactName: customerFilter('contact_name'),
};

export async function listAll(
  db: Db,
  k: KindTables,
  closed: boolean | undefined,
  cutoff: string | null,
): Promise<DocumentListItem[]> {
  const rows = await listSelect(
    k,
    cutoff,
  )(listBase(db, k, closed, 'all'))
    .orderBy('d.id')
    .execute();
  return withExportedOrders(db, k, rows.map(toListItem(k)));
}

/**
 * The orders made from each of the given quotes (Export to Order), oldest first, by the
 * source_quote_id index; a list asks in chunks so a long list stays within parameter limits.
 */
export async function exportedOrderIds(db: Db, quoteIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  for (let i = 0; i < quoteIds.length; i += 500) {
    const chunk = quoteIds.slice(i, i + 500);
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'source_quote_id'])
      .where('source_quote_id', 'in', chunk)
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const list = out.get(r.source_quote_id!) ?? [];
      list.push(r.id);
      out.set(r.source_quote_id!, list);
    }
  }
  return out;
}

/** Quote rows carry the orders made from them, so the list can show "Exported to order 26". */
async function withExportedOrders(db: Db, k: KindTables, items: DocumentListItem[]): Promise<DocumentListItem[]> {
  if (k.kind !== 'quote' || items.length === 0) return items;
  const exported = await exportedOrderIds(
    db,
    items.map((d) => d.id),
  );
  for (const d of items) d.exportedOrderIds = exported.get(d.id) ?? [];
  return items;
}

const CUSTOMER_FIELDS: Record<string, string> = {
  customerNo: 'customer_no',
  customerName: 'name',
  contactName: 'contact_name',
};

/**
 * Customer filters resolved once per request: the matching customers' ids, used by both the
 * count and the page query (a long list falls back to the subquery).
 */
async function resolvedFilters(
  db: Db,
  k: KindTables,
  query: ListQuery,
  closed: boolean | undefined,
): Promise<FilterOverrides> {
  const overrides: FilterOverrides = { ...LIST_FILTERS };
  for (const f of query.filters) {
    if (f.field === 'changedBy') {
      // Documents with a change by this user (exactly the username), from the history's index.
      overrides.changedBy = () =>
        sql<boolean>`d.id in (select subject_id from change_history where subject = ${k.kind} and username = ${f.value})`;
      continue;
    }
    if (f.field === 'jobName') {
      const byJobName = query.sort?.field === 'jobName';
      overrides.jobName = () => jobNameContains(db, k.header, sql.ref<number>('d.id'), closed, f.value, byJobName);
      continue;
    }
    const column = CUSTOMER_FIELDS[f.field];
    if (!column) continue;
    // Customer name: through its trigram index (migration 2026112440).
    const matches =
      f.field === 'customerName'
        ? customerNameContains(
            db,
            sql.ref<number>('customers.id'),
            sql.ref<string | null>('customers.name_fold'),
            f.value,
          )
        : sql<boolean>`${sql.ref(`${column}_fold`)} like fold(${containsPattern(f.value)}) escape '\\'`;
    const ids = (await db.selectFrom('customers').select('id').where(matches).limit(501).execute()).map((r) => r.id);
    if (ids.length <= 500) {
      overrides[f.field] = () => idIn(db, sql.ref<number>('d.customer_id'), ids);
    } else if (f.field === 'customerName') {
      overrides.customerName = () => sql<boolean>`d.customer_id in (select id from customers where ${matches})`;
    }
  }
  return overrides;
}

/** The order or quote list: its rows, columns, filters and order (the page and the export). */
async function listSpec(db: Db, k: KindTables, query: ListQuery, closed: boolean | undefined, cutoff: string | null) {
  return {
    base: (fields: Set<string>) => listBase(db, k, closed, fields),
    select: listSelect(k, cutoff),
    columns: listColumns(k, cutoff),
    query,
    idColumn: sql`d.id`,
    map: toListItem(k),
    filterOverrides: await resolvedFilters(db, k, query, closed),
  };
}

export async function listPage(
  db: Db,
  k: KindTables,
  query: ListQuery,
  closed: boolean | undefined,
  cutoff: string | null,
) {
  const page = await runPagedList({
    ...(await listSpec(db, k, query, closed, cutoff)),
    fetchByIds: (ids) => listSelect(k, cutoff)(listBase(db, k, undefined, 'all').where('d.id', 'in', ids)).execute(),
    rowId: (r) => r.id,
    total: () => listTotal(db, k, closed),
  });
  await withExportedOrders(db, k, page.items);
  return page;
}

/**
 * Every document the list's filters match, in its order (the export): the rows map with
 * `map` to list items, as the list answers them.
 */
export async function listRows(
  db: Db,
  k: KindTables,
  query: ListQuery,
  closed: boolean | undefined,
  cutoff: string | null,
) {
  const spec = await listSpec(db, k, query, closed, cutoff);
  return { rows: sortedListQuery(spec), map: spec.map };
}

/** Totals kept by triggers (migration 2026112204): a few rows read, whatever the table's size. */
async function listTotal(db: Db, k: KindTables, closed: boolean | undefined): Promise<number> {
  if (k.kind === 'quote') {
    // The latest revisions (the (superseded, id) index; a quote's revisions are few).
    const row = await db
      .selectFrom('quotes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('superseded', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  let q = db
    .selectFrom('order_status_counts as c')
    .innerJoin('order_statuses as s', 's.id', 'c.order_status_id')
    .select(sql<number>`coalesce(sum(c.n), 0)`.as('n'));
  if (closed !== undefined) q = q.where('s.closed', '=', closed ? 1 : 0);
  return Number((await q.executeTakeFirstOrThrow()).n);
}
