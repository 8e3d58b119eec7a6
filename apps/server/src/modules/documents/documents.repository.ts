/** Orders and quotes: SQL only, parameterised by kind. */
import { PostgresAdapter, sql } from 'kysely';
import {
  EXPIRING_QUOTE_STATUSES,
  fromCents,
  multiplierFromScaled,
  quoteStatusOf,
  type AppliedModifier,
  type DocumentHeader,
  type DocumentListItem,
  type LineInput,
  type ModifierCategory,
  type QuoteStatus,
  type SubPartRow,
} from '@desk/domain';
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
import { flag, insertedId, updateVersioned, type Db } from '../../lib/sql.js';
import { associatedPartRows } from '../catalog/products.repository.js';
import {
  docDb,
  type DocHeaderUpdate,
  type DocHeaderValues,
  type DocModValues,
  type DocPartUpdate,
  type DocPartValues,
  type DocSubValues,
  type KindTables,
} from './kinds.js';

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

export async function findHeaderRow(db: Db, k: KindTables, id: number) {
  return docDb(db)
    .selectFrom(`${k.header} as d`)
    .innerJoin('customers as c', 'c.id', 'd.customer_id')
    .selectAll('d')
    .select(['c.customer_no', 'c.name as customer_name', 'c.contact_name', 'c.email as customer_email'])
    .where('d.id', '=', id)
    .$if(k.kind === 'order', (q) =>
      q
        .innerJoin('order_statuses as s', 's.id', 'd.order_status_id')
        .select(['s.type as status_type', 's.closed as status_closed']),
    )
    .executeTakeFirst();
}

/** A document's header row as findHeaderRow reads it. */
export type HeaderRow = NonNullable<Awaited<ReturnType<typeof findHeaderRow>>>;

// ---- the header's fields, listed once ------------------------------------------------------
// create, update, the copies (Duplicate, Export to Order) and toHeader all go through these lists.

/** The header's text fields: each API name with its column. */
const HEADER_TEXT = {
  jobName: 'job_name',
  poNumber: 'po_number',
  specialInstructions: 'special_instructions',
} as const;
/** The header's switches, stored as 0 or 1. */
const HEADER_FLAGS = { useTax: 'use_tax', noPricePrint: 'no_price_print' } as const;
/**
 * The multiplier categories. A document keeps a copy of its customer's multiplier for each
 * (`opener_multiplier` -> `opener_multiplier_copy`), answered as `openerMultiplierCopy`.
 */
const MULTIPLIER_CATEGORIES = ['opener', 'residential', 'sectional', 'commercial'] as const;
type MultiplierCategory = (typeof MULTIPLIER_CATEGORIES)[number];
const customerColumn = (c: MultiplierCategory) => `${c}_multiplier` as const;
const copyColumn = (c: MultiplierCategory) => `${c}_multiplier_copy` as const;
const copyField = (c: MultiplierCategory) => `${c}MultiplierCopy` as const;
type MultiplierCopies = Record<ReturnType<typeof copyColumn>, number>;

type TextField = keyof typeof HEADER_TEXT;
type FlagField = keyof typeof HEADER_FLAGS;
const TEXT_FIELDS = Object.keys(HEADER_TEXT) as TextField[];
const FLAG_FIELDS = Object.keys(HEADER_FLAGS) as FlagField[];

/** An object with a key and a value for each item of a list. */
function objectOf<T, K extends string, V>(items: readonly T[], key: (item: T) => K, value: (item: T) => V) {
  // Object.fromEntries cannot say that every key of the list is there.
  return Object.fromEntries(items.map((item) => [key(item), value(item)])) as Record<K, V>;
}

/** The customer's multipliers a document copies. */
export const CUSTOMER_MULTIPLIER_COLUMNS = MULTIPLIER_CATEGORIES.map(customerColumn);

/** The text columns of a create or an update. */
export const headerTextValues = (input: Record<TextField, string | null>) =>
  objectOf(
    TEXT_FIELDS,
    (f) => HEADER_TEXT[f],
    (f) => input[f],
  );

/** The switch columns of a create or an update; a switch left undefined is not written. */
export function headerFlagValues(
  flags: Partial<Record<FlagField, boolean>>,
): Partial<Record<(typeof HEADER_FLAGS)[FlagField], number>> {
  const given = FLAG_FIELDS.filter((f) => flags[f] !== undefined);
  return objectOf(
    given,
    (f) => HEADER_FLAGS[f],
    (f) => flag(flags[f] === true),
  );
}

/** The document's copies of its customer's multipliers (a create, a new customer, Refresh). */
export const multiplierCopies = (customer: Record<ReturnType<typeof customerColumn>, number>): MultiplierCopies =>
  objectOf(MULTIPLIER_CATEGORIES, copyColumn, (c) => customer[customerColumn(c)]);

/** The multipliers a document prices with: its copies, by category. */
export const multipliersOf = (r: MultiplierCopies) =>
  objectOf(
    MULTIPLIER_CATEGORIES,
    (c) => c,
    (c) => r[copyColumn(c)],
  );

export function toHeader(k: KindTables, r: HeaderRow, cutoff: string | null = null): DocumentHeader {
  const h: DocumentHeader = {
    id: r.id,
    kind: k.kind,
    customer: {
      id: r.customer_id,
      customerNo: r.customer_no,
      name: r.customer_name,
      contactName: r.contact_name,
      email: r.customer_email,
    },
    ...objectOf(
      TEXT_FIELDS,
      (f) => f,
      (f) => r[HEADER_TEXT[f]],
    ),
    [k.dateField]: r[k.dateColumn],
    ...objectOf(
      FLAG_FIELDS,
      (f) => f,
      (f) => r[HEADER_FLAGS[f]] === 1,
    ),
    ...objectOf(MULTIPLIER_CATEGORIES, copyField, (c) => multiplierFromScaled(r[copyColumn(c)])),
    priceLooseParts: r.price_loose_parts === 1,
    version: r.version,
  };
  if (k.kind === 'order') {
    // An order's row carries its status (findHeaderRow joins it for orders).
    h.orderStatus = { id: r.order_status_id, type: r.status_type!, closed: r.status_closed === 1 };
    h.orderPickup = r.order_pickup === 1;
    h.current_load = r.current_load === 1;
    h.loading_bay = r.loading_bay;
    h.sourceQuoteId = r.source_quote_id;
  }
  if (k.kind === 'quote') {
    const q = r as unknown as QuoteRevisionColumns;
    h.status = quoteStatusOf(q.quote_status, q.quote_date, cutoff);
    h.quoteNumber = q.quote_number ?? r.id;
    h.revision = q.revision;
    h.latestRevision = q.superseded === 0;
  }
  return h;
}

/** The quote-only columns of a header row (selectAll reads them for quotes). */
interface QuoteRevisionColumns {
  quote_status: string;
  quote_date: string;
  quote_number: number | null;
  revision: number;
  superseded: number;
}

// ---- quote lifecycle and revisions (migration 2026112510) --------------------------------------

/** The company's quote validity in days, or null when quotes do not expire. */
export async function quoteValidityDays(db: Db): Promise<number | null> {
  const row = await db.selectFrom('company_settings').select('quote_validity_days').limit(1).executeTakeFirst();
  return row?.quote_validity_days ?? null;
}

/** A quote's status, date, number and revision; undefined when there is no such quote. */
export function quoteRevisionInfo(db: Db, id: number) {
  return db
    .selectFrom('quotes')
    .select([
      'id',
      'quote_status',
      'quote_date',
      'revision',
      'superseded',
      sql<number>`coalesce(quote_number, id)`.as('number'),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Every revision of a quote number, first to latest (the unique (number, revision) index). */
export function quoteRevisionRows(db: Db, number: number) {
  return docDb(db)
    .selectFrom('quotes as d')
    .selectAll('d')
    .where(sql<number>`coalesce(d.quote_number, d.id)`, '=', number)
    .orderBy('d.revision')
    .execute();
}

/** Marks every revision of `number` but `latestId` as superseded, and that one as the latest. */
export async function setLatestRevision(db: Db, number: number, latestId: number) {
  await db
    .updateTable('quotes')
    .set({ superseded: sql<number>`case when id = ${latestId} then 0 else 1 end` })
    .where(sql<number>`coalesce(quote_number, id)`, '=', number)
    .execute();
}

/**
 * Sets a quote's stored status (Sent on e-mail, Accepted on export); with `from`, only a quote
 * that has that status, in the same statement, so two e-mails sent at once move it once.
 * Answers whether it changed.
 */
export async function setQuoteStatus(db: Db, id: number, status: QuoteStatus, now: string, from?: QuoteStatus) {
  let q = db
    .updateTable('quotes')
    .set({ quote_status: status, ...quoteStatusStamps(status, now), updated_at: now })
    .where('id', '=', id);
  if (from !== undefined) q = q.where('quote_status', '=', from);
  const [r] = await q.execute();
  return Number(r?.numUpdatedRows ?? 0) > 0;
}

/**
 * What a quote's new stored status stamps (docs/architecture.md section 16): sent_at, the first
 * time it leaves Draft (kept when it goes back), and accepted_at while it is Accepted.
 */
export function quoteStatusStamps(status: string, now: string) {
  return {
    ...(status === 'Draft' ? {} : { sent_at: sql<string>`coalesce(sent_at, ${now})` }),
    accepted_at: status === 'Accepted' ? sql<string | null>`coalesce(accepted_at, ${now})` : null,
  };
}

/**
 * The header fields a copy (Duplicate, Export to Order) carries over from its source: the
 * customer, the text fields, the switches and the source's multiplier copies.
 */
export function copiedHeaderFields(src: HeaderRow) {
  return {
    customer_id: src.customer_id,
    ...objectOf(
      TEXT_FIELDS,
      (f) => HEADER_TEXT[f],
      (f) => src[HEADER_TEXT[f]],
    ),
    ...objectOf(
      FLAG_FIELDS,
      (f) => HEADER_FLAGS[f],
      (f) => src[HEADER_FLAGS[f]],
    ),
    ...objectOf(MULTIPLIER_CATEGORIES, copyColumn, (c) => src[copyColumn(c)]),
    // A copy prices as its source did: "Price loose parts" as the source captured it (decision 028).
    price_loose_parts: src.price_loose_parts,
  };
}

/** A kind's lines (l) with their products (p) and the products' types (t). */
const linesWithProducts = (db: Db, k: KindTables) =>
  docDb(db)
    .selectFrom(`${k.parts} as l`)
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('product_types as t', 't.id', 'p.product_type_id');

/** Every line of a document with its product and the cost of its applied modifiers, in position order. */
export async function loadLines(db: Db, k: KindTables, docId: number) {
  return (await loadLinesOf(db, k, [docId])).get(docId) ?? [];
}

/**
 * The lines of several documents at once (two queries whatever their number), each document's in
 * position order; a document without lines is absent from the map.
 */
export async function loadLinesOf(db: Db, k: KindTables, docIds: readonly number[]) {
  const none = docIds.length === 0;
  const rows = none
    ? []
    : await linesWithProducts(db, k)
        .select([
          `l.${k.docFk} as doc_id`,
          'l.id as line_id',
          'l.quantity as line_quantity',
          'l.price_override',
          'l.position',
          'l.line_price_cents as stored_line_price_cents',
          'p.id',
          'p.item_no',
          'p.item_description',
          'p.wholesale_price',
          'p.multiplier_category',
          'p.product_type_id',
          'p.modifier_cost_increase',
          'p.windows_data',
          'p.window_description',
          'p.inserts_data',
          'p.insert_description',
          'p.version',
          'p.created_at',
          'p.updated_at',
          't.type as type_name',
        ])
        .where(`l.${k.docFk}`, 'in', docIds)
        .orderBy(`l.${k.docFk}`)
        .orderBy('l.position')
        .orderBy('l.id')
        .execute();
  const costs = none
    ? []
    : await docDb(db)
        .selectFrom(`${k.mods} as a`)
        .innerJoin(`${k.parts} as l`, 'l.id', `a.${k.partFk}`)
        .innerJoin('package_modifiers as m', 'm.id', 'a.package_modifier_id')
        .leftJoin('products as mp', 'mp.id', 'm.product_id')
        .select([`a.${k.partFk} as line_id`, 'm.quantity', 'mp.modifier_cost_increase'])
        .where(`l.${k.docFk}`, 'in', docIds)
        .execute();
  const byLine = new Map<number, { modifierCostIncreaseCents: number; quantity: number }[]>();
  for (const c of costs) {
    const list = byLine.get(c.line_id) ?? [];
    list.push({ modifierCostIncreaseCents: c.modifier_cost_increase ?? 0, quantity: c.quantity });
    byLine.set(c.line_id, list);
  }
  const byDoc = new Map<number, { row: (typeof rows)[number]; input: LineInput }[]>();
  for (const r of rows) {
    const line = {
      row: r,
      input: {
        quantity: r.line_quantity,
        priceOverrideCents: r.price_override,
        wholesalePriceCents: r.wholesale_price,
        multiplierCategory: r.multiplier_category,
        productTypeName: r.type_name,
        modifiers: byLine.get(r.line_id) ?? [],
      } satisfies LineInput,
    };
    const list = byDoc.get(r.doc_id);
    if (list) list.push(line);
    else byDoc.set(r.doc_id, [line]);
  }
  return byDoc;
}

/** A loaded line: its row (line, product, stored price) and what the pricer reads from it. */
export type LoadedLine = Awaited<ReturnType<typeof loadLines>>[number];

export async function findLine(db: Db, k: KindTables, lineId: number) {
  return linesWithProducts(db, k)
    .select(['l.id', `l.${k.docFk} as doc_id`, 'l.product_id', 'l.quantity', 'p.item_no', 't.type as type_name'])
    .where('l.id', '=', lineId)
    .executeTakeFirst();
}

export async function subParts(db: Db, k: KindTables, lineId: number): Promise<SubPartRow[]> {
  return (await subPartRows(db, k, [lineId])).get(lineId) ?? [];
}

/** The sub-parts of every line of a document, in one query (bay sheets and documents). */
export async function subPartsForDocument(db: Db, k: KindTables, docId: number): Promise<Map<number, SubPartRow[]>> {
  const lines = await docDb(db).selectFrom(k.parts).select('id').where(k.docFk, '=', docId).execute();
  return subPartRows(
    db,
    k,
    lines.map((l) => l.id),
  );
}

async function subPartRows(db: Db, k: KindTables, lineIds: number[]): Promise<Map<number, SubPartRow[]>> {
  const out = new Map<number, SubPartRow[]>();
  if (lineIds.length === 0) return out;
  const rows = await docDb(db)
    .selectFrom(`${k.subs} as s`)
    .innerJoin('products as p', 'p.id', 's.product_id')
    .leftJoin('product_types as t', 't.id', 'p.product_type_id')
    .select([
      's.id',
      's.source',
      's.quantity',
      's.notes',
      's.inches',
      's.category',
      's.applied_modifier_id',
      `s.${k.partFk} as line_id`,
      'p.id as product_id',
      'p.item_no',
      'p.item_description',
      't.type as type_name',
    ])
    .where(`s.${k.partFk}`, 'in', lineIds)
    .orderBy('s.source')
    .orderBy('s.position')
    .orderBy('s.id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.line_id) ?? [];
    list.push(toSubPart(r));
    out.set(r.line_id, list);
  }
  return out;
}

function toSubPart(r: {
  id: number;
  source: string;
  product_id: number;
  item_no: string;
  item_description: string | null;
  type_name: string | null;
  quantity: number;
  notes: string | null;
  inches: string | null;
  category: string | null;
  applied_modifier_id: number | null;
}): SubPartRow {
  return {
    rowId: r.id,
    source: r.source as SubPartRow['source'],
    product: { id: r.product_id, itemNo: r.item_no, itemDescription: r.item_description, productType: r.type_name },
    quantity: r.quantity,
    notes: r.notes,
    inches: r.inches,
    category: r.category as ModifierCategory | null,
    appliedModifierId: r.applied_modifier_id,
  };
}

export async function appliedModifiers(
  db: Db,
  k: KindTables,
  lineId: number,
  onlyId?: number,
): Promise<AppliedModifier[]> {
  let q = docDb(db)
    .selectFrom(`${k.mods} as a`)
    .innerJoin('package_modifiers as m', 'm.id', 'a.package_modifier_id')
    .leftJoin('products as p', 'p.id', 'm.product_id')
    .select([
      'a.id',
      'a.package_modifier_id',
      'a.notes',
      'a.inches',
      'm.name',
      'm.category',
      'm.notes as modifier_notes',
      'm.quantity',
      'p.id as product_id',
      'p.item_no',
      'p.item_description',
      'p.modifier_cost_increase',
    ])
    .where(`a.${k.partFk}`, '=', lineId);
  if (onlyId !== undefined) q = q.where('a.id', '=', onlyId);
  const rows = await q.orderBy('a.id').execute();
  return rows.map((r) => ({
    id: r.id,
    modifierId: r.package_modifier_id,
    assocPackageModifier: {
      id: r.package_modifier_id,
      name: r.name,
      category: r.category as ModifierCategory,
      notes: r.modifier_notes,
      quantity: r.quantity,
    },
    assocProduct:
      // A left join: the product's columns are all null together (item_no is required).
      r.product_id === null || r.item_no === null
        ? null
        : {
            id: r.product_id,
            itemNo: r.item_no,
            itemDescription: r.item_description,
            modifierCostIncrease: fromCents(r.modifier_cost_increase ?? 0),
          },
    notes: r.notes,
    inches: r.inches,
  }));
}

// ---- single-row reads and writes the service's rules use -------------------------------------

export async function deleteHeader(db: Db, k: KindTables, id: number) {
  await docDb(db).deleteFrom(k.header).where('id', '=', id).execute();
}

export async function touchHeader(db: Db, k: KindTables, id: number, now: string) {
  await docDb(db).updateTable(k.header).set({ updated_at: now }).where('id', '=', id).execute();
}

/** What pricing reads from a header: its id, useTax, multiplier copies and "Price loose parts". */
export type PricingHeader = MultiplierCopies & Pick<HeaderRow, 'id' | 'use_tax' | 'price_loose_parts'>;

/** The totals a document keeps, as last stored (docs/architecture.md section 16). */
export interface StoredTotalsColumns {
  /** bigint: text from PostgreSQL. */
  subtotal_cents: number | string;
  tax_cents: number | string;
  total_cents: number | string;
  priced_tax_rate: number | null;
}
const STORED_TOTALS_COLUMNS = ['subtotal_cents', 'tax_cents', 'total_cents', 'priced_tax_rate'] as const;

/**
 * Stamps a document's updated_at and answers what pricing needs from its header, in one
 * statement (undefined: no such document). A write to the cart starts here, so it reads the
 * header once, and on PostgreSQL holds the header's row lock from its first statement (two adds
 * to one document take turns, each seeing the other's line).
 */
export function touchPricingHeader(
  db: Db,
  k: KindTables,
  id: number,
  now: string,
): Promise<(PricingHeader & StoredTotalsColumns) | undefined> {
  return docDb(db)
    .updateTable(k.header)
    .set({ updated_at: now })
    .where('id', '=', id)
    .returning([
      'id',
      'use_tax',
      'price_loose_parts',
      ...MULTIPLIER_CATEGORIES.map(copyColumn),
      ...STORED_TOTALS_COLUMNS,
    ])
    .executeTakeFirst();
}

/** The highest sub-part position of a line (0 when it has none). */
export async function lastSubPartPosition(db: Db, k: KindTables, lineId: number): Promise<number> {
  const last = await docDb(db)
    .selectFrom(k.subs)
    .select((eb) => eb.fn.max('position').as('p'))
    .where(k.partFk, '=', lineId)
    .executeTakeFirst();
  return Number(last?.p ?? 0);
}

export async function deleteLine(db: Db, k: KindTables, lineId: number) {
  await docDb(db).deleteFrom(k.parts).where('id', '=', lineId).execute();
}

export function findSubPartRow(db: Db, k: KindTables, rowId: number) {
  return docDb(db).selectFrom(k.subs).selectAll().where('id', '=', rowId).executeTakeFirst();
}

export async function deleteSubPart(db: Db, k: KindTables, rowId: number) {
  await docDb(db).deleteFrom(k.subs).where('id', '=', rowId).execute();
}

export function findAppliedModifierRow(db: Db, k: KindTables, appliedId: number) {
  return docDb(db).selectFrom(k.mods).selectAll().where('id', '=', appliedId).executeTakeFirst();
}

export async function deleteAppliedModifier(db: Db, k: KindTables, appliedId: number) {
  await docDb(db).deleteFrom(k.mods).where('id', '=', appliedId).execute();
}

// ---- the writes of a create, an update, a copy and a cart change -----------------------------

/** The customer a document is written for: its tax switch and the multipliers a document copies. */
export function findCustomer(db: Db, id: number) {
  return db
    .selectFrom('customers')
    .select(['id', 'customer_no', 'name', 'use_tax', ...CUSTOMER_MULTIPLIER_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** An order status by id, or the first one (a new order's) when no id is given. */
export function findOrderStatus(db: Db, id: number | null | undefined) {
  const q = db.selectFrom('order_statuses').select(['id', 'type', 'closed']);
  return id ? q.where('id', '=', id).executeTakeFirst() : q.orderBy('sort_order').limit(1).executeTakeFirst();
}

/** An order status by its name (undefined when the company has no such status). */
export function findOrderStatusByType(db: Db, type: string) {
  return db.selectFrom('order_statuses').select(['id', 'type', 'closed']).where('type', '=', type).executeTakeFirst();
}

export const insertHeader = (db: Db, k: KindTables, values: DocHeaderValues) =>
  insertedId(docDb(db).insertInto(k.header).values(values).returning('id'));

/** A header update guarded by its version: a stale one answers 409 and changes nothing. */
export function updateHeader(
  db: Db,
  k: KindTables,
  id: number,
  version: number | undefined,
  values: DocHeaderUpdate,
  now: string,
) {
  return updateVersioned(db, k.header, id, version, values, now);
}

/**
 * Locks a quote's row until the transaction ends (PostgreSQL's FOR UPDATE); SQLite's write
 * transactions already run one at a time.
 */
export async function lockQuote(db: Db, id: number) {
  await lockDocument(db, 'quotes', id);
}

/**
 * Locks a document's row until the transaction ends, before a write reads what it changes: the
 * history's "from" is then the value the write replaces, even with saves side by side on
 * PostgreSQL. SQLite's write transactions already run one at a time.
 */
export async function lockDocument(db: Db, table: 'orders' | 'quotes', id: number) {
  let q = db.selectFrom(table).select('id').where('id', '=', id);
  if (db.getExecutor().adapter instanceof PostgresAdapter) q = q.forUpdate();
  await q.executeTakeFirst();
}

/** Copies the lines, overrides, sub-parts and applied modifiers of one document to another. */
export async function copyContent(db: Db, from: KindTables, fromId: number, to: KindTables, toId: number, now: string) {
  const t = docDb(db);
  const lines = await t
    .selectFrom(from.parts)
    .selectAll()
    .where(from.docFk, '=', fromId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const line of lines) {
    const newLine = await insertLine(db, to, toId, {
      product_id: line.product_id,
      quantity: line.quantity,
      price_override: line.price_override,
      position: line.position,
      created_at: now,
    });
    const applied = await t.selectFrom(from.mods).selectAll().where(from.partFk, '=', line.id).orderBy('id').execute();
    const appliedMap = new Map<number, number>();
    for (const a of applied) {
      appliedMap.set(
        a.id,
        await insertAppliedModifier(db, to, newLine, {
          package_modifier_id: a.package_modifier_id,
          notes: a.notes,
          inches: a.inches,
          created_at: now,
        }),
      );
    }
    const subs = await t.selectFrom(from.subs).selectAll().where(from.partFk, '=', line.id).orderBy('id').execute();
    await insertSubParts(
      db,
      to,
      newLine,
      subs.map((s) => ({
        source: s.source,
        product_id: s.product_id,
        quantity: s.quantity,
        notes: s.notes,
        inches: s.inches,
        category: s.category,
        applied_modifier_id: s.applied_modifier_id === null ? null : appliedMap.get(s.applied_modifier_id),
        position: s.position,
      })),
    );
  }
}

/** A product with its type's name (what decides whether it is a package). */
export function findProductWithType(db: Db, productId: number) {
  return db
    .selectFrom('products')
    .leftJoin('product_types', 'product_types.id', 'products.product_type_id')
    .select(['products.id', 'products.item_no', 'product_types.type'])
    .where('products.id', '=', productId)
    .executeTakeFirst();
}

export function insertLine(db: Db, k: KindTables, docId: number, values: DocPartValues) {
  const row = { [k.docFk]: docId, ...values };
  return insertedId(docDb(db).insertInto(k.parts).values(row).returning('id'));
}

/** A line after the document's last one (its position computed in the same statement). */
export function appendLine(db: Db, k: KindTables, docId: number, values: Omit<DocPartValues, 'position'>) {
  const d = docDb(db);
  const position = d
    .selectFrom(k.parts)
    .select(sql<number>`coalesce(max(position), 0) + 1`.as('p'))
    .where(k.docFk, '=', docId);
  return insertedId(
    d
      .insertInto(k.parts)
      .values({ [k.docFk]: docId, ...values, position })
      .returning('id'),
  );
}

/** A package line's snapshot of its associated parts, as the package lists them now. */
export async function insertPackageSnapshot(db: Db, k: KindTables, lineId: number, packageId: number) {
  const parts = await associatedPartRows(db, packageId);
  await insertSubParts(
    db,
    k,
    lineId,
    parts.map((p, i) => ({ source: 'ASSOC_PART', product_id: p.child_id, quantity: p.quantity, position: i + 1 })),
  );
}

export async function updateLine(db: Db, k: KindTables, lineId: number, values: DocPartUpdate) {
  await docDb(db).updateTable(k.parts).set(values).where('id', '=', lineId).execute();
}

export function insertSubPart(db: Db, k: KindTables, lineId: number, values: DocSubValues) {
  const row = { [k.partFk]: lineId, ...values };
  return insertedId(docDb(db).insertInto(k.subs).values(row).returning('id'));
}

async function insertSubParts(db: Db, k: KindTables, lineId: number, rows: DocSubValues[]) {
  if (rows.length === 0) return;
  await docDb(db)
    .insertInto(k.subs)
    .values(rows.map((r) => ({ [k.partFk]: lineId, ...r })))
    .execute();
}

/** A sub-part's or an applied modifier's notes (and a Lift's inches). */
type NotesValues = { notes: string | null; inches?: string | null };

export async function updateSubPart(db: Db, k: KindTables, rowId: number, values: NotesValues) {
  await docDb(db).updateTable(k.subs).set(values).where('id', '=', rowId).execute();
}

/** The MOD sub-parts an applied modifier put on its line. */
export async function updateModifierSubParts(db: Db, k: KindTables, appliedId: number, values: NotesValues) {
  await docDb(db).updateTable(k.subs).set(values).where('applied_modifier_id', '=', appliedId).execute();
}

export function findPackageModifier(db: Db, id: number) {
  return db.selectFrom('package_modifiers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The id of a modifier applied to a line, if it is. */
export async function findAppliedModifierId(db: Db, k: KindTables, lineId: number, modifierId: number) {
  const row = await docDb(db)
    .selectFrom(k.mods)
    .select('id')
    .where(k.partFk, '=', lineId)
    .where('package_modifier_id', '=', modifierId)
    .executeTakeFirst();
  return row?.id ?? null;
}

export function insertAppliedModifier(db: Db, k: KindTables, lineId: number, values: DocModValues) {
  const row = { [k.partFk]: lineId, ...values };
  return insertedId(docDb(db).insertInto(k.mods).values(row).returning('id'));
}

export async function updateAppliedModifier(db: Db, k: KindTables, appliedId: number, values: NotesValues) {
  await docDb(db).updateTable(k.mods).set(values).where('id', '=', appliedId).execute();
}

/** A line as the history names it: its number in the cart now and its item ("line 2 (PKG-1607)"). */
export async function lineForHistory(db: Db, k: KindTables, lineId: number) {
  const row = await docDb(db)
    .selectFrom(`${k.parts} as l`)
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select([
      'l.id',
      `l.${k.docFk} as doc_id`,
      'l.quantity',
      'l.price_override',
      'p.item_no',
      sql<
        number | string
      >`(select count(*) from ${sql.table(k.parts)} o where o.${sql.ref(k.docFk)} = l.${sql.ref(k.docFk)} and o.position <= l.position)`.as(
        'number',
      ),
    ])
    .where('l.id', '=', lineId)
    .executeTakeFirst();
  return row && { ...row, label: `line ${Number(row.number)} (${row.item_no})` };
}
