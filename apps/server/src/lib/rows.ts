/**
 * Small readers the repositories share: whether a query finds a row, and a list's two readers
 * (the paged list and the export's rows) from the one spec that defines the list.
 */
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
