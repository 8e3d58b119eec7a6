/**
 * The stock ledger's writes, in the caller's transaction (docs/stock.md): a move and the on hand it
 * leaves, an order's needs and the reserved quantities they add up to, the pickups of completed
 * orders and the give-back of reopened ones. Published to the documents, the yard and the vendor
 * orders, which change stock in their own transactions.
 *
 * Every write that moves a product's level takes that product's row (PostgreSQL row lock) after
 * the document rows it changes and in product id order, so two writers never wait on each other
 * in a circle.
 */
import type { StockMoveKind, StockRefKind } from '@desk/domain';
import { conflict } from '../../lib/errors.js';
import type { Db } from '../../lib/sql.js';
import type { EventBus } from '../events/event-bus.js';
import type { Actor } from '../history/history.repository.js';
import * as repo from './stock.repository.js';

/** Who moves stock and when. */
export interface Mover {
  actor: Actor | null;
  now: string;
}

export interface MoveRequest {
  productId: number;
  kind: StockMoveKind;
  quantity: number;
  refKind?: StockRefKind | null;
  refId?: number | null;
  reason?: string | null;
  note?: string | null;
}

export interface PostedMove {
  id: number;
  productId: number;
  quantity: number;
  onHandAfter: number;
}

/** Only a pickup may take on hand below zero: the goods have left (docs/stock.md). */
const mayGoNegative = (kind: StockMoveKind) => kind === 'pickup';

/**
 * Posts moves in product id order (their rows locked in that order), each with the on hand it
 * leaves. A receipt, adjustment or count that would leave on hand below zero is refused in words
 * and, thrown in the caller's transaction, lands nothing.
 */
export async function postMoves(db: Db, moves: readonly MoveRequest[], who: Mover): Promise<PostedMove[]> {
  const sorted = [...moves].filter((m) => m.quantity !== 0).sort((a, b) => a.productId - b.productId);
  await repo.ensureLevels(db, [...new Set(sorted.map((m) => m.productId))], who.now);
  const posted: PostedMove[] = [];
  for (const m of sorted) {
    const after = await repo.moveOnHand(db, m.productId, m.quantity, mayGoNegative(m.kind), who.now);
    if (after === null) {
      const product = await repo.productWithType(db, m.productId);
      const onHand = await repo.onHandOf(db, m.productId);
      throw conflict(
        `${product?.item_no ?? `Product ${m.productId}`} has ${onHand} on hand: taking ${-m.quantity} would leave less than none. Nothing was changed.`,
      );
    }
    const id = await repo.insertMove(db, {
      product_id: m.productId,
      kind: m.kind,
      quantity: m.quantity,
      on_hand_after: after,
      ref_kind: m.refKind ?? null,
      ref_id: m.refId ?? null,
      reason: m.reason ?? null,
      note: m.note ?? null,
      user_id: who.actor?.userId ?? null,
      username: who.actor?.username ?? null,
      at: who.now,
    });
    posted.push({ id, productId: m.productId, quantity: m.quantity, onHandAfter: after });
  }
  return posted;
}

/** New products' stock level rows, at zero: every product has one (docs/stock.md, "Levels"). */
export function addLevelRows(db: Db, productIds: readonly number[], now: string): Promise<void> {
  return repo.ensureLevels(db, productIds, now);
}

/**
 * Brings the stored needs of these orders in line with their carts (an open order needs what its
 * cart holds; a closed one nothing) and each product's reserved with them. Answers the products
 * whose reserved quantity moved.
 */
export function syncNeeds(db: Db, orderIds: readonly number[], now: string): Promise<number[]> {
  return setNeeds(db, orderIds, now, (ids) => repo.openCartNeeds(db, ids));
}

/** Before these orders are deleted: their needs released, and each product's reserved with them. */
export function releaseNeeds(db: Db, orderIds: readonly number[], now: string): Promise<number[]> {
  return setNeeds(db, orderIds, now, async () => []);
}

async function setNeeds(
  db: Db,
  orderIds: readonly number[],
  now: string,
  needs: (ids: number[]) => Promise<repo.NeedRow[]>,
): Promise<number[]> {
  const ids = [...new Set(orderIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const before = await repo.storedNeeds(db, ids);
  const after = await needs(ids);
  const key = (rows: repo.NeedRow[]) => rows.map((r) => `${r.docId}:${r.productId}:${r.required}`).join(',');
  if (key(before) === key(after)) return [];
  const delta = new Map<number, number>();
  for (const r of before) delta.set(r.productId, (delta.get(r.productId) ?? 0) - r.required);
  for (const r of after) delta.set(r.productId, (delta.get(r.productId) ?? 0) + r.required);
  await repo.writeNeedChanges(db, before, after);
  const moved = [...delta].filter(([, d]) => d !== 0).sort(([a], [b]) => a - b);
  await repo.addReserved(db, moved, now);
  return moved.map(([p]) => p);
}

/**
 * Orders that just became Completed: one pickup move per order and product for what its cart
 * needs, then their needs released. Answers the products that moved.
 */
export async function pickUpOrders(db: Db, orderIds: readonly number[], who: Mover): Promise<number[]> {
  const ids = [...new Set(orderIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const needs = await repo.cartNeeds(db, repo.ORDER_CART, ids);
  const stored = await repo.storedNeeds(db, ids);
  await repo.lockLevels(
    db,
    [...needs, ...stored].map((n) => n.productId),
    who.now,
  );
  const moves = needs.map((n) => ({
    productId: n.productId,
    kind: 'pickup' as const,
    quantity: -n.required,
    refKind: 'order' as const,
    refId: n.docId,
  }));
  const released = await syncNeeds(db, ids, who.now);
  await postMoves(db, moves, who);
  return [...new Set([...released, ...needs.map((n) => n.productId)])];
}

/**
 * Orders that left Completed for an open status: `reopen` moves give back what their pickups took,
 * then their needs come back. Answers the products that moved.
 */
export async function reopenOrders(db: Db, orderIds: readonly number[], who: Mover): Promise<number[]> {
  const ids = [...new Set(orderIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const taken = (await repo.takenByOrders(db, ids)).filter((t) => t.taken > 0);
  const needs = await repo.cartNeeds(db, repo.ORDER_CART, ids);
  await repo.lockLevels(
    db,
    [...taken, ...needs].map((n) => n.productId),
    who.now,
  );
  const reserved = await syncNeeds(db, ids, who.now);
  await postMoves(
    db,
    taken.map((t) => ({
      productId: t.productId,
      kind: 'reopen' as const,
      quantity: t.taken,
      refKind: 'order' as const,
      refId: t.orderId,
    })),
    who,
  );
  return [...new Set([...reserved, ...taken.map((t) => t.productId)])];
}

/** An order's status as the ledger reads a change of it. */
export interface StatusPoint {
  type: string;
  closed: boolean;
}

/**
 * After an order's status changed (or its cart, with `before` = `after`): a pickup when it became
 * Completed, a give-back when it left Completed for an open status, and its needs in line with its
 * cart. Answers the products whose stock moved.
 */
export async function orderChanged(
  db: Db,
  orderId: number,
  before: StatusPoint,
  after: StatusPoint,
  who: Mover,
): Promise<number[]> {
  if (before.type !== COMPLETED && after.type === COMPLETED) return pickUpOrders(db, [orderId], who);
  if (before.type === COMPLETED && !after.closed) return reopenOrders(db, [orderId], who);
  return syncNeeds(db, [orderId], who.now);
}

/** The status whose orders have left the shelf. */
export const COMPLETED = 'Completed';

/** Tells the open screens whose stock moved (after the commit; never throws). */
export function tellStock(bus: EventBus | undefined, productIds: readonly number[]): void {
  if (!bus || productIds.length === 0) return;
  bus.publish({ type: 'stock', data: { productIds: [...new Set(productIds)].sort((a, b) => a - b) } });
}

/**
 * Whether the shelf covers each open order (promised oldest first) and how many units it is
 * short: the yard's Grid Manager shows it before an order is put in a bay. An order with no needs
 * is ready.
 */
export async function readiness(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, { ready: boolean; short: number }>> {
  const out = new Map(orderIds.map((id) => [id, { ready: true, short: 0 }]));
  for (const n of await repo.needsWithOlder(db, orderIds)) {
    const covered = Math.min(n.required, Math.max(0, n.onHand - n.older));
    const r = out.get(n.orderId)!;
    r.short += n.required - covered;
    r.ready = r.short === 0;
  }
  return out;
}

/** After a product's type changed (a part became a package or back): the open orders using it, needs again. */
export async function resyncForProducts(db: Db, productIds: readonly number[], now: string): Promise<number[]> {
  return syncNeeds(db, await repo.openOrdersUsing(db, productIds), now);
}

/** What keeps a product in the ledger (its moves and vendor order lines): a product with either is kept. */
export function stockUsage(db: Db, productId: number) {
  return repo.stockUsage(db, productId);
}

/** Each product's on hand and reorder settings as stored (0 for a product with no level yet). */
export async function reorderSettingsOf(db: Db, productIds: readonly number[]) {
  return repo.levelsOf(db, productIds);
}

/** Sets a product's reorder point and quantity (its level made if it has none). */
export async function setReorderSettings(db: Db, productId: number, point: number, quantity: number, now: string) {
  await repo.ensureLevels(db, [productId], now);
  await repo.setReorder(db, productId, point, quantity, now);
}

/** A product with its item number, description and type's name (a package holds no stock). */
export function productWithType(db: Db, productId: number) {
  return repo.productWithType(db, productId);
}
