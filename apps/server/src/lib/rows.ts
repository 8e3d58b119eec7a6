/**
 * Small readers the repositories share: whether a query finds a row, a list's two readers (the
 * paged list and the export's rows) from the one spec that defines the list, and numbers (item
 * numbers, customer numbers) as the database compares them.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import { runPagedList, sortedListQuery, type ListSpec } from './paging.js';

/** Whether the query finds a row (select as little as it needs: an id). */
export async function rowExists(query: { executeTakeFirst(): Promise<unknown> }): Promise<boolean> {
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * A list's page (the screen) and its sorted rows (the export) from one spec, so both read the
 * same rows in the same order (docs/architecture.md section 14).
 */
export function listReaders<A extends unknown[], DB, TB extends keyof DB, O, Row, Item>(
  spec: (...args: A) => ListSpec<DB, TB, O, Row, Item>,
) {
  return {
    listPage: (...args: A) => runPagedList(spec(...args)),
    listRows: (...args: A) => sortedListQuery(spec(...args)),
  };
}

/**
 * A number column as the database compares numbers, lower(trim(column)): the expression of the
 * unique indexes of migration 2026112900, so a match here is a clash there, on either engine.
 */
export const numberKey = (column: string) => sql<string>`lower(trim(${sql.ref(column)}))`;

/**
 * The row of `query` whose number `column` is `value` as the database compares numbers, other
 * than `exceptId`: the lowest id when old clashes remain.
 */
export function holderOfNumber<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  column: string,
  value: string,
  exceptId?: number,
) {
  let q = query.where(sql<boolean>`${numberKey(column)} = lower(trim(${value}))`);
  if (exceptId !== undefined) q = q.where(sql<boolean>`${sql.ref('id')} <> ${exceptId}`);
  return q.orderBy(sql.ref('id')).limit(1).executeTakeFirst();
}
