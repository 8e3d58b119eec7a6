/**
 * Server-side lists (DESIGN.md section 6): page, size, sort and per-column contains filters,
 * answered by the database. Without any of them a list answers every row, as SPEC.md shows.
 */
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { PAGE_SIZES, type Page } from '@desk/domain';
import { badRequest } from './errors.js';

export interface ListQuery {
  paged: boolean;
  page: number;
  size: number;
  sort: { field: string; desc: boolean } | null;
  filters: Array<{ field: string; value: string }>;
}

/** The SQL expression behind each list field, and whether a contains filter compares text. */
export type ListColumns = Record<string, RawBuilder<unknown>>;

const RESERVED = new Set(['page', 'size', 'sort', 'q', 'kind']);

export function parseListQuery(query: Record<string, unknown>, fields: readonly string[], defaultSort = 'id'): ListQuery {
  const get = (k: string) => (typeof query[k] === 'string' ? (query[k] as string) : undefined);
  const filters: ListQuery['filters'] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (RESERVED.has(key)) continue;
    if (!fields.includes(key)) throw badRequest(`${key}: not a filterable field (use one of ${fields.join(', ')})`);
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (value.length > 100) throw badRequest(`${key}: a filter must be at most 100 characters`);
    if (value !== '') filters.push({ field: key, value });
  }
  const pageText = get('page');
  const sizeText = get('size');
  const sortText = get('sort');
  const page = pageText === undefined ? 1 : Number(pageText);
  if (!Number.isInteger(page) || page < 1 || page > 10_000_000) throw badRequest('page: must be a whole number from 1');
  const size = sizeText === undefined ? 10 : Number(sizeText);
  if (!(PAGE_SIZES as readonly number[]).includes(size)) throw badRequest('size: must be 10, 20 or 30');
  let sort: ListQuery['sort'] = null;
  const sortSpec = sortText ?? defaultSort;
  const desc = sortSpec.startsWith('-');
  const field = desc ? sortSpec.slice(1) : sortSpec;
  if (!fields.includes(field)) throw badRequest(`sort: not a sortable field (use one of ${fields.join(', ')})`);
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

export function applyFilters<QB extends SelectQueryBuilder<any, any, any>>(
  qb: QB,
  columns: ListColumns,
  filters: ListQuery['filters'],
): QB {
  let q = qb;
  for (const f of filters) {
    const expr = columns[f.field];
    if (!expr) continue;
    q = q.where(sql<boolean>`fold(cast(${expr} as text)) like fold(${containsPattern(f.value)}) escape '\\'`) as QB;
  }
  return q;
}

/**
 * Runs a paged list: rows of the requested page, the count of rows matching the filters and the
 * count of all rows. `base` holds the joins and the list's own conditions; `select` adds columns.
 */
export async function runPagedList<Row, Item>(opts: {
  base: SelectQueryBuilder<any, any, any>;
  select: (qb: SelectQueryBuilder<any, any, any>) => SelectQueryBuilder<any, any, Row>;
  columns: ListColumns;
  query: ListQuery;
  idColumn: RawBuilder<unknown>;
  map: (row: Row) => Item;
}): Promise<Page<Item>> {
  const { base, columns, query } = opts;
  const filtered = applyFilters(base, columns, query.filters);
  let rowsQ = opts.select(filtered);
  if (query.sort) {
    const expr = columns[query.sort.field]!;
    rowsQ = rowsQ.orderBy(expr, query.sort.desc ? 'desc' : 'asc');
  }
  rowsQ = rowsQ.orderBy(opts.idColumn, query.sort?.desc ? 'desc' : 'asc');
  const count = (qb: SelectQueryBuilder<any, any, any>) =>
    qb
      .clearSelect()
      .clearOrderBy()
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow()
      .then((r: { n: number | string }) => Number(r.n));
  const [total, filteredCount] = await Promise.all([
    count(base),
    query.filters.length ? count(filtered) : Promise.resolve(-1),
  ]);
  const matching = filteredCount < 0 ? total : filteredCount;
  const lastPage = Math.max(1, Math.ceil(matching / query.size));
  const page = Math.min(query.page, lastPage);
  const rows = await rowsQ
    .limit(query.size)
    .offset((page - 1) * query.size)
    .execute();
  return { items: rows.map(opts.map), filtered: matching, total, page, size: query.size };
}
