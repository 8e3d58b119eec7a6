/**
 * How the order list answers a customer filter sorted by job name (docs/decisions/008): the
 * matching customers are bound as one parameter, not one placeholder each, and the orders are read
 * through an index that serves the filter (SQLite) or the filter and the sort (PostgreSQL,
 * migration 2026112450). The rows themselves are compared with today's filter in
 * db.contains-index.test.ts.
 */
import { Kysely, PostgresDialect, SqliteDialect, sql, type CompiledQuery, type LogEvent } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.js';
import { sqliteHandle } from '../src/db/database.js';
import { loadLargeData, LARGE_DEFAULTS } from '../src/cli/large-data.js';
import { listColumns, listPage } from '../src/modules/documents/documents.lists.repository.js';
import { KINDS } from '../src/modules/documents/kinds.js';
import { parseListQuery } from '../src/lib/paging.js';
import { createTestDb, engines, type TestDb } from './support.js';

describe.each(engines())('order list plans (%s)', (engine) => {
  let t: TestDb;
  /** The same database through a Kysely that records every statement. */
  let traced: Kysely<DB>;
  const log: CompiledQuery[] = [];

  beforeAll(async () => {
    t = await createTestDb(engine);
    await loadLargeData(t.database, {
      ...LARGE_DEFAULTS,
      customers: 60,
      products: 40,
      packages: 10,
      orders: 2000,
      quotes: 50,
      vendorOrders: 5,
    });
    const record = (e: LogEvent) => {
      if (e.level === 'query') log.push(e.query);
    };
    traced =
      engine === 'sqlite'
        ? new Kysely<DB>({ dialect: new SqliteDialect({ database: sqliteHandle(t.database)! }), log: record })
        : new Kysely<DB>({
            dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: t.url, max: 1 }) }),
            log: record,
          });
    if (engine === 'postgres') await sql`analyze`.execute(traced);
  }, 120_000);
  afterAll(async () => {
    if (engine === 'postgres') await traced?.destroy();
    await t?.drop();
  });

  /** The statements of one list request: [count, page] over the orders. */
  const listStatements = async (qs: string) => {
    const fields = Object.keys(listColumns(KINDS.order));
    const query = parseListQuery(Object.fromEntries(new URLSearchParams(qs)), fields);
    log.length = 0;
    const page = await listPage(traced, KINDS.order, query, false);
    const orders = log.filter((q) => /from "orders" as "d" where/.test(q.sql));
    expect(orders).toHaveLength(2);
    return { page, count: orders[0]!, rows: orders[1]! };
  };
  const plan = async (q: CompiledQuery) => {
    const prefix = engine === 'sqlite' ? 'explain query plan ' : 'explain ';
    const r = await traced.executeQuery<Record<string, string>>({ ...q, sql: prefix + q.sql });
    return r.rows.map((row) => (engine === 'sqlite' ? row.detail : row['QUERY PLAN'])).join('\n');
  };

  it('binds the matching customers as one parameter, however many match', async () => {
    const { page, count, rows } = await listStatements('page=1&size=30&sort=jobName&customerName=e');
    // 'e' is in most of the 60 names: dozens of customers, still one parameter.
    expect(page.filtered).toBeGreaterThan(100);
    expect(count.parameters).toHaveLength(1);
    expect(rows.parameters).toHaveLength(3); // the customers, limit, offset
    const ids = count.parameters[0];
    expect(engine === 'sqlite' ? JSON.parse(ids as string).length : (ids as number[]).length).toBeGreaterThan(20);
  });

  it('reads the filtered orders through an index, not a scan of the table', async () => {
    const { count, rows } = await listStatements('page=1&size=30&sort=jobName&customerName=e');
    if (engine === 'sqlite') {
      // Each matching customer's open orders, from the covering (customer_id, is_closed, job_name) index.
      for (const q of [count, rows]) {
        const p = await plan(q);
        expect(p).toMatch(
          /SEARCH d USING COVERING INDEX orders_customer_closed_job_idx \(customer_id=\? AND is_closed=\?\)/,
        );
        expect(p).not.toMatch(/SCAN d\b/);
      }
    } else {
      // Open orders in job-name order from the index alone: no table rows read, no sort step.
      const p = await plan(rows);
      expect(p).toMatch(/Index Only Scan using orders_closed_job_id_idx/);
      expect(p).not.toMatch(/Sort/);
    }
  });

  it('finds the job names that match before reading any order row, sorted by job name (SQLite)', async () => {
    if (engine !== 'sqlite') return; // PostgreSQL: its GIN index (migration 2026112440) serves the LIKE.
    const { page, rows } = await listStatements('page=1&size=30&sort=jobName&jobName=garage');
    expect(page.filtered).toBeGreaterThan(0);
    const p = await plan(rows);
    // The matches from the covering (is_closed, job_name_fold) index; the rows by id, then sorted.
    expect(p).toMatch(/SEARCH orders USING COVERING INDEX orders_closed_jobfold_idx \(is_closed=\?\)/);
    expect(p).toMatch(/SEARCH d USING INDEX orders_closed_id_idx \(is_closed=\? AND id=\?\)/);
  });

  it('reads no page when nothing matches (only the count)', async () => {
    const fields = Object.keys(listColumns(KINDS.order));
    const query = parseListQuery({ page: '1', size: '30', jobName: 'no such job anywhere' }, fields);
    log.length = 0;
    const page = await listPage(traced, KINDS.order, query, false);
    expect(page).toMatchObject({ items: [], filtered: 0, page: 1 });
    expect(log.filter((q) => /from "orders" as "d" where/.test(q.sql))).toHaveLength(1);
  });

  // Issue 36: Date and Total columns, each sort served by its index (migration 2026112910).
  it.each([
    ['order', 'orderDate', 'orders_closed_date_id_idx'],
    ['order', '-total', 'orders_closed_total_id_idx'],
    ['quote', '-quoteDate', 'quotes_superseded_date_id_idx'],
    ['quote', 'total', 'quotes_superseded_total_id_idx'],
  ] as const)('sorts the %s list by %s through %s, without a sort step', async (kind, sort, index) => {
    const k = KINDS[kind];
    const fields = Object.keys(listColumns(k));
    const query = parseListQuery({ page: '2', size: '30', sort }, fields);
    log.length = 0;
    const page = await listPage(traced, k, query, kind === 'order' ? false : undefined, null);
    expect(page.items.length).toBeGreaterThan(0);
    const key = sort.replace('-', '') === 'total' ? 'totalCents' : sort.replace('-', '');
    const values = page.items.map((d) => (d as Record<string, unknown>)[key] as string | number);
    const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(values).toEqual(sort.startsWith('-') ? sorted.reverse() : sorted);
    const ordered = log.filter((q) => new RegExp(`from "${k.header}" as "d" where .* order by`).test(q.sql));
    expect(ordered.length).toBeGreaterThan(0);
    if (engine === 'sqlite') {
      const p = await plan(ordered[0]!);
      expect(p).toContain(`USING COVERING INDEX ${index}`);
      expect(p).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    } else {
      // The 50 quotes here are sorted in memory at any price; with sorting priced out, the
      // index serves the order (what the planner chooses at 100,000 rows).
      await sql`set enable_sort = off`.execute(traced);
      try {
        const p = await plan(ordered[0]!);
        expect(p).toMatch(new RegExp(`Index Only Scan (Backward )?using ${index}`));
        expect(p).not.toMatch(/Sort/);
      } finally {
        await sql`reset enable_sort`.execute(traced);
      }
    }
  });
});
