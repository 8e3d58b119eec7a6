/**
 * Server-side lists (docs/architecture.md section 6): page, size, sort and per-column contains filters,
 * answered by the database. Without any of them a list answers every row, as docs/product.md shows.
 */
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { PAGE_SIZES, type Page } from '@desk/domain';
import { badRequest, invalidFields } from './errors.js';
import { fieldName } from './field-words.js';

/** The query string of a list route: page, size, sort and per-column filters, checked by parseListQuery. */
export const listQuerySchema = z.record(z.string(), z.string().max(200)).optional().default({});

export interface ListQuery {
  paged: boolean;
  page: number;
  size: number;
  sort: { field: string; desc: boolean } | null;
  filters: Array<{ field: string; value: string }>;
}

/** The SQL expression behind each list field (filtered with a case- and accent-blind contains). */
export type ListColumns = Record<string, RawBuilder<unknown>>;

/**
 * List fields that are columns of one table (or alias), each named as the API names it: the
 * column in camelCase (`item_no` is itemNo).
 */
export function tableColumns(table: string, columns: readonly string[]): ListColumns {
  const field = (column: string) => column.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase());
  return Object.fromEntries(columns.map((c) => [field(c), sql.ref(`${table}.${c}`)]));
}

/** A field whose contains-filter is answered another way, e.g. through an indexed subquery. */
/** A field's own filter expression: given the escaped LIKE pattern and the value as typed. */
export type FilterOverrides = Record<string, (pattern: string, value: string) => RawBuilder<boolean>>;

const RESERVED = new Set(['page', 'size', 'sort', 'q', 'kind']);

export function parseListQuery(
  query: Record<string, unknown>,
  fields: readonly string[],
  defaultSort = 'id',
  /** Filters that are no column to sort by (the documents' changedBy). */
  filterOnly: readonly string[] = [],
): ListQuery {
  const get = (k: string) => (typeof query[k] === 'string' ? (query[k] as string) : undefined);
  const filters: ListQuery['filters'] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (RESERVED.has(key)) continue;
    if (!fields.includes(key) && !filterOnly.includes(key))
      throw badRequest(
        `${fieldName('querystring', [key])} is not a column to filter by (use one of ${[...fields, ...filterOnly].join(', ')}).`,
      );
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (value.length > 100)
      throw invalidFields(`${fieldName('querystring', [key])}: a filter must be at most 100 characters.`, [
        { field: key, message: 'a filter must be at most 100 characters.' },
      ]);
    if (value !== '') filters.push({ field: key, value });
  }
  const pageText = get('page');
  const sizeText = get('size');
  const sortText = get('sort');
  const page = pageText === undefined ? 1 : Number(pageText);
  if (!Number.isInteger(page) || page < 1 || page > 10_000_000) throw badRequest('Page must be a whole number from 1.');
  const size = sizeText === undefined ? 10 : Number(sizeText);
  if (!(PAGE_SIZES as readonly number[]).includes(size)) throw badRequest('Size must be 10, 20 or 30.');
  let sort: ListQuery['sort'] = null;
  const sortSpec = sortText ?? defaultSort;
  const desc = sortSpec.startsWith('-');
  const field = desc ? sortSpec.slice(1) : sortSpec;
  if (!fields.includes(field))
    throw badRequest(`Sort: ${field} is not a column to sort by (use one of ${fields.join(', ')}).`);
  sort = { field, desc };
  return {
    paged: pageText !== undefined || sizeText !== undefined || sortText !== undefined || filters.length > 0,
    page,
    size,
    sort,
    filters,
  };
}

/** A LIKE pattern for "contains", with the wildcards in the user's text escaped. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function applyFilters<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  columns: ListColumns,
  filters: ListQuery['filters'],
  overrides: FilterOverrides = {},
): SelectQueryBuilder<DB, TB, O> {
  let q = qb;
  for (const f of filters) {
    const override = overrides[f.field];
    if (override) {
      q = q.where(override(containsPattern(f.value), f.value));
      continue;
    }
    const expr = columns[f.field];
    if (!expr) continue;
    q = q.where(sql<boolean>`fold(cast(${expr} as text)) like fold(${containsPattern(f.value)}) escape '\\'`);
  }
  return q;
}

/** What a list is made of: the paged list and the export (modules/export) read the same query. */
export interface ListSpec<DB, TB extends keyof DB, O, Row, Item> {
  base: SelectQueryBuilder<DB, TB, O> | ((fields: Set<string>) => SelectQueryBuilder<DB, TB, O>);
  select: (qb: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, Row>;
  columns: ListColumns;
  query: ListQuery;
  idColumn: RawBuilder<unknown>;
  map: (row: Row) => Item;
  filterOverrides?: FilterOverrides;
}

/**
 * The list's rows matching its filters (`filtered`), with the joins the given fields need, and
 * its order (`order`: the sort field, then the id in the same direction). One definition for the
 * page and for the export, so an export has the rows and the order the clerk's list shows.
 */
function listQueryParts<DB, TB extends keyof DB, O, Row, Item>(spec: ListSpec<DB, TB, O, Row, Item>) {
  const { columns, query } = spec;
  const overrides = spec.filterOverrides ?? {};
  const baseFor = (fields: Set<string>) => (typeof spec.base === 'function' ? spec.base(fields) : spec.base);
  const filteredFor = (fields: Set<string>) => applyFilters(baseFor(fields), columns, query.filters, overrides);
  const order = <R>(qb: SelectQueryBuilder<DB, TB, R>) => {
    let q = qb;
    if (query.sort) q = q.orderBy(columns[query.sort.field]!, query.sort.desc ? 'desc' : 'asc');
    return q.orderBy(spec.idColumn, query.sort?.desc ? 'desc' : 'asc');
  };
  return { baseFor, filteredFor, order, overrides };
}

/**
 * Every row of the list that matches the query's filters, selected as the list selects them, in
 * the list's order, without paging: for the export, which streams it (docs/architecture.md
 * section 14). The base is asked for every field, so the rows carry every column the list shows.
 */
export function sortedListQuery<DB, TB extends keyof DB, O, Row, Item>(spec: ListSpec<DB, TB, O, Row, Item>) {
  const { filteredFor, order } = listQueryParts(spec);
  return order(spec.select(filteredFor(new Set(Object.keys(spec.columns)))));
}

/**
 * Runs a paged list: rows of the requested page, the count of rows matching the filters and the
 * count of all rows. `base` holds the list's own conditions and the joins that the filter and
 * sort fields in use need (it is called with those fields). With `fetchByIds`, the page query
 * reads ids only and the full rows are fetched for those ids afterwards (a deferred join), so a
 * deep page does not join every skipped row.
 */
export async function runPagedList<DB, TB extends keyof DB, O, Row, Item>(
  opts: ListSpec<DB, TB, O, Row, Item> & {
    fetchByIds?: (ids: number[]) => Promise<Row[]>;
    rowId?: (row: Row) => number;
    /** The list's total from a maintained counter, instead of counting the base rows. */
    total?: () => Promise<number>;
  },
): Promise<Page<Item>> {
  const { query } = opts;
  const { baseFor, filteredFor, order, overrides } = listQueryParts(opts);
  // Fields whose expressions the query reads: sorted fields, and filtered ones without an override.
  const direct = query.filters.map((f) => f.field).filter((f) => !overrides[f]);
  const used = new Set([...direct, ...(query.sort ? [query.sort.field] : [])]);
  const filtered = filteredFor(used);
  const count = (qb: SelectQueryBuilder<DB, TB, O>) =>
    qb
      .clearSelect()
      .clearOrderBy()
      .select(sql<number | string>`count(*)`.as('n'))
      // The selection is known; Kysely cannot compute it over a database type left open.
      .$castTo<{ n: number | string }>()
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  const total = opts.total ? await opts.total() : await count(baseFor(new Set()));
  const matching = query.filters.length ? await count(filteredFor(new Set(direct))) : total;
  const lastPage = Math.max(1, Math.ceil(matching / query.size));
  const page = Math.min(query.page, lastPage);
  let rows: Row[];
  if (matching === 0) {
    // Nothing matches: no page to read (an ordered walk for rows that are not there reads the
    // whole table; a name typed wrong took 13 ms at 100,000 orders).
    rows = [];
  } else if (opts.fetchByIds && opts.rowId) {
    const ids = (
      await order(filtered.select(opts.idColumn.as('page_id')).$castTo<{ page_id: number | string }>())
        .limit(query.size)
        .offset((page - 1) * query.size)
        .execute()
    ).map((r) => Number(r.page_id));
    const byId = new Map((ids.length ? await opts.fetchByIds(ids) : []).map((r) => [opts.rowId!(r), r]));
    rows = ids.map((id) => byId.get(id)).filter((r): r is Row => r !== undefined);
  } else {
    rows = await order(opts.select(filtered))
      .limit(query.size)
      .offset((page - 1) * query.size)
      .execute();
  }
  return { items: rows.map(opts.map), filtered: matching, total, page, size: query.size };
}
