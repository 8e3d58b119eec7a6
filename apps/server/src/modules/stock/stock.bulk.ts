/**
 * Stock for the large data set (cli/large.ts), consistent with its orders (docs/stock.md): lines
 * on every vendor order (a Received one received in full, by one receipt), an opening stock per
 * product, a pickup move per completed order and product its cart needs, and the open orders'
 * needs with each product's reserved. The ledger adds up: GET /api/stock/check answers nothing.
 */
import { sql } from 'kysely';
import { bulkWriter, type Value } from '../../db/bulk-writer.js';
import type { Database } from '../../db/database.js';
import { seededRandom } from '../../lib/seeded-random.js';
import * as repo from './stock.repository.js';

interface Move {
  product: number;
  kind: 'adjustment' | 'receipt' | 'pickup';
  quantity: number;
  refKind: string;
  refId: number | null;
  reason: string | null;
  at: string;
}

export async function seedStockInBulk(database: Database, seed: number, nowMs: number) {
  const db = database.db;
  const r = seededRandom(seed);
  const iso = (ms: number) => new Date(ms).toISOString();
  const products = await db
    .selectFrom('products as p')
    .leftJoin('product_types as t', 't.id', 'p.product_type_id')
    .select(['p.id', sql<number>`lower(coalesce(t.type, '')) like '%package%'`.as('package')])
    .orderBy('p.id')
    .execute();
  const parts = products.filter((p) => !Number(p.package)).map((p) => p.id);
  // Every product has a level row (docs/stock.md, "Levels"); a package's stays at zero.
  const packages = products.filter((p) => Number(p.package)).map((p) => p.id);
  if (parts.length === 0) return {};

  // Vendor order lines; a Received vendor order received in full by one receipt.
  const vendorOrders = await db
    .selectFrom('vendor_orders')
    .select(['id', 'status', 'created_at', 'received_date'])
    .orderBy('id')
    .execute();
  const lines: Array<Record<string, Value>> = [];
  const receipts: Array<Record<string, Value>> = [];
  const moves: Move[] = [];
  const received = new Map<number, number>();
  for (const vo of vendorOrders) {
    const count = r.between(1, 4);
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(r.pick(parts));
    const at = vo.received_date
      ? `${vo.received_date}T15:00:00.000Z`
      : iso(Date.parse(vo.created_at) + 14 * 86_400_000);
    const full = vo.status === 'Received';
    if (full)
      receipts.push({
        id: receipts.length + 1,
        vendor_order_id: vo.id,
        note: null,
        over: 0,
        user_id: null,
        username: 'large data set',
        at,
      });
    let position = 0;
    for (const product of chosen) {
      const quantity = r.between(5, 60);
      lines.push({
        id: lines.length + 1,
        vendor_order_id: vo.id,
        product_id: product,
        quantity,
        received_quantity: full ? quantity : 0,
        unit_cost_cents: r.between(150, 40_000),
        position: ++position,
        created_at: vo.created_at,
      });
      if (full) {
        moves.push({
          product,
          kind: 'receipt',
          quantity,
          refKind: 'vendor-order',
          refId: vo.id,
          reason: `receipt ${receipts.length}`,
          at,
        });
        received.set(product, (received.get(product) ?? 0) + quantity);
      }
    }
  }

  // Completed orders took what their carts need off the shelf.
  const completed = new Map(
    (
      await db
        .selectFrom('orders as o')
        .innerJoin('order_statuses as s', 's.id', 'o.order_status_id')
        .select(['o.id', 'o.completed_at', 'o.created_at'])
        .where('s.type', '=', 'Completed')
        .execute()
    ).map((o) => [o.id, o.completed_at ?? o.created_at]),
  );
  const picked = new Map<number, number>();
  for (const n of await repo.completedOrdersCartNeeds(db)) {
    moves.push({
      product: n.productId,
      kind: 'pickup',
      quantity: -n.required,
      refKind: 'order',
      refId: n.docId,
      reason: null,
      at: completed.get(n.docId)!,
    });
    picked.set(n.productId, (picked.get(n.productId) ?? 0) + n.required);
  }

  // An opening stock that covers what left before anything arrived, and some more.
  const opening = iso(nowMs - 1200 * 86_400_000);
  for (const product of parts) {
    const quantity = Math.max(0, (picked.get(product) ?? 0) - (received.get(product) ?? 0)) + r.between(0, 60);
    if (quantity > 0)
      moves.push({
        product,
        kind: 'adjustment',
        quantity,
        refKind: 'adjustment',
        refId: null,
        reason: 'initial',
        at: opening,
      });
  }

  // The ledger in time order, each move with the on hand it left.
  moves.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.product - b.product));
  const onHand = new Map<number, number>();
  const moveRows = moves.map((m, i): Record<string, Value> => {
    const after = (onHand.get(m.product) ?? 0) + m.quantity;
    onHand.set(m.product, after);
    return {
      id: i + 1,
      product_id: m.product,
      kind: m.kind,
      quantity: m.quantity,
      on_hand_after: after,
      ref_kind: m.refKind,
      ref_id: m.refId,
      reason: m.reason,
      note: null,
      user_id: null,
      username: 'large data set',
      at: m.at,
    };
  });

  const needs = await repo.openOrdersCartNeeds(db);
  const reserved = new Map<number, number>();
  for (const n of needs) reserved.set(n.productId, (reserved.get(n.productId) ?? 0) + n.required);
  const now = iso(nowMs);
  const level = (product_id: number, on_hand: number, needed: number, point: number): Record<string, Value> => ({
    product_id,
    on_hand,
    reserved: needed,
    reorder_point: point,
    reorder_quantity: point ? r.between(10, 100) : 0,
    count_needed: on_hand < 0 ? 1 : 0,
    updated_at: now,
  });
  const levels = parts.map((product) =>
    level(product, onHand.get(product) ?? 0, reserved.get(product) ?? 0, r.chance(0.4) ? r.between(5, 40) : 0),
  );
  for (const product of packages) levels.push(level(product, 0, 0, 0));

  const w = bulkWriter(database);
  const counts: Record<string, number> = {};
  await w.run(async () => {
    counts.vendor_order_lines = await w.insertRecords('vendor_order_lines', lines);
    counts.vendor_receipts = await w.insertRecords('vendor_receipts', receipts);
    counts.stock_moves = await w.insertRecords('stock_moves', moveRows);
    counts.stock_levels = await w.insertRecords('stock_levels', levels);
    counts.stock_needs = await w.insert(
      'stock_needs',
      ['order_id', 'product_id', 'required'],
      needs.map((n) => [n.docId, n.productId, n.required]),
    );
  });
  await w.finish(['vendor_order_lines', 'vendor_receipts', 'stock_moves']);
  return counts;
}
