/** Stock counts: SQL only (docs/stock.md; docs/decisions/014-module-shape.md). */
import { sql } from 'kysely';
import type { StockCount, StockCountSummary } from '@desk/domain';
import { lockedOnPostgres } from '../../lib/engine.js';
import { insertedId, type Db } from '../../lib/sql.js';

export function insertCount(db: Db, startedBy: string | null, now: string) {
  return insertedId(
    db.insertInto('stock_counts').values({ state: 'open', started_at: now, started_by: startedBy }).returning('id'),
  );
}

export async function insertCountLines(
  db: Db,
  countId: number,
  lines: ReadonlyArray<{ productId: number; expected: number }>,
) {
  for (let i = 0; i < lines.length; i += 500) {
    await db
      .insertInto('stock_count_lines')
      .values(
        lines
          .slice(i, i + 500)
          .map((l) => ({ count_id: countId, product_id: l.productId, expected: l.expected, counted: null })),
      )
      .execute();
  }
}

const countRow = (r: {
  id: number;
  state: string;
  started_at: string;
  started_by: string | null;
  applied_at: string | null;
}) => ({
  id: Number(r.id),
  state: r.state as StockCount['state'],
  startedAt: r.started_at,
  startedBy: r.started_by,
  appliedAt: r.applied_at,
});

export async function findCount(db: Db, id: number): Promise<StockCount | null> {
  const head = await db.selectFrom('stock_counts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!head) return null;
  const lines = await db
    .selectFrom('stock_count_lines as c')
    .innerJoin('products as p', 'p.id', 'c.product_id')
    .select(['c.product_id', 'p.item_no', 'p.item_description', 'c.expected', 'c.counted'])
    .where('c.count_id', '=', id)
    .orderBy('p.item_no')
    .orderBy('p.id')
    .execute();
  return {
    ...countRow(head),
    lines: lines.map((l) => ({
      productId: l.product_id,
      itemNo: l.item_no,
      itemDescription: l.item_description,
      expected: Number(l.expected),
      counted: l.counted === null ? null : Number(l.counted),
    })),
  };
}

export async function listCounts(db: Db): Promise<StockCountSummary[]> {
  const rows = await db
    .selectFrom('stock_counts as s')
    .select([
      's.id',
      's.state',
      's.started_at',
      's.started_by',
      's.applied_at',
      sql<number | string>`(select count(*) from stock_count_lines c where c.count_id = s.id)`.as('line_count'),
      sql<
        number | string
      >`(select count(*) from stock_count_lines c where c.count_id = s.id and c.counted is not null)`.as(
        'counted_count',
      ),
    ])
    .orderBy('s.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({ ...countRow(r), lineCount: Number(r.line_count), countedCount: Number(r.counted_count) }));
}

/** The count's row locked against a second apply or entry (PostgreSQL). */
export function lockCount(db: Db, id: number) {
  return lockedOnPostgres(
    db,
    db.selectFrom('stock_counts').select(['id', 'state']).where('id', '=', id),
  ).executeTakeFirst();
}

/** Which of these products are on the count. */
export async function productsOnCount(db: Db, countId: number, productIds: readonly number[]) {
  if (productIds.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('stock_count_lines')
    .select('product_id')
    .where('count_id', '=', countId)
    .where('product_id', 'in', productIds)
    .execute();
  return new Set(rows.map((r) => r.product_id));
}

export async function setCounted(db: Db, countId: number, productId: number, counted: number) {
  await db
    .updateTable('stock_count_lines')
    .set({ counted })
    .where('count_id', '=', countId)
    .where('product_id', '=', productId)
    .execute();
}

export async function markApplied(db: Db, countId: number, by: string | null, now: string): Promise<boolean> {
  const rows = await db
    .updateTable('stock_counts')
    .set({ state: 'applied', applied_at: now, applied_by: by })
    .where('id', '=', countId)
    .where('state', '=', 'open')
    .returning('id')
    .execute();
  return rows.length === 1;
}
