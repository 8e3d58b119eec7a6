/**
 * The will-call yard (docs/architecture.md section 4). Invariants, in the database and in transactions:
 * at most one current load per bay (a partial unique index), an order in at most one bay (one
 * column), completion all-or-nothing.
 */
import type { Kysely } from 'kysely';
import {
  emptyBayData,
  type BayData,
  type BayNextOrder,
  type BayRow,
  type PickupOrder,
  type PickupOrderInput,
  type PlacementQuestions,
  type WaitingOn,
} from '@desk/domain';
import type { DB } from '../../db/schema.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, HttpError } from '../../lib/errors.js';
import { KINDS } from '../documents/kinds.js';
import { subPartsForDocument } from '../documents/documents.cart.repository.js';
import { findHeaderRow } from '../documents/documents.headers.repository.js';
import { pricedDocument } from '../documents/documents.pricing.js';
import * as repo from './loaders.repository.js';
import { waitingOn } from '../vendor-orders/vendor-orders.repository.js';
import { insertChangeRows, type Actor } from '../history/history.repository.js';
import type { MailQueue } from '../mail/mail-queue.service.js';
import { queueReadyForPickup } from '../mail/ready-for-pickup.js';
import { withdrawReady } from '../mail/outbox.repository.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { DeskEvent, EventBus } from '../events/event-bus.js';
import { pickUpOrders, readiness, tellStock } from '../stock/stock.ledger.js';

const bayText = (bay: number | null) => (bay === null ? null : `bay ${bay}`);

const leftBay = (orderId: number, bay: number) =>
  `Withdrawn before it was sent: order ${orderId} left bay ${bay} first.`;
const completedFirst = (orderId: number) => `Withdrawn before it was sent: order ${orderId} was completed first.`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-12-04' -> 'Dec 4', as the screens write it. */
const dayText = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;

/** "vendor order 7, due Dec 4" (one), "vendor orders 7 (due Dec 4) and 9 (no date expected)" (more). */
function waitText(on: readonly WaitingOn[]): string {
  const when = (v: WaitingOn) =>
    v.expected ? `due ${dayText(v.expected)}${v.overdue ? ', overdue' : ''}` : 'no date expected';
  if (on.length === 1) return `vendor order ${on[0]!.vendorOrderId}, ${when(on[0]!)}`;
  const each = on.map((v) => `${v.vendorOrderId} (${when(v)})`);
  return `vendor orders ${each.slice(0, -1).join(', ')} and ${each.at(-1)}`;
}

/**
 * Place in Bay's 409 that asks first (docs/architecture.md section 4): in words, one sentence per
 * question, and with what the Grid Manager's dialog shows (the route sends it as the answer's data).
 */
export class PlacementQuestion extends HttpError {
  constructor(readonly questions: PlacementQuestions) {
    const who = (name: string | null, job: string | null) => [name, job].filter(Boolean).join(', ');
    super(
      409,
      [
        ...questions.taken.map((q) => {
          const h = who(q.holder.customerName, q.holder.jobName);
          return `Bay ${q.bay} already has a current load: order ${q.holder.orderId}${h ? ` (${h})` : ''}. Place order ${q.orderId} there instead of it?`;
        }),
        ...questions.waiting.map(
          (q) => `Order ${q.orderId}: waiting on ${waitText(q.waitingOn)} - place it in bay ${q.bay} anyway?`,
        ),
      ].join(' '),
      'CONFIRM_PLACEMENT',
    );
  }
}

export class LoadersService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly taxRate: number,
    /** The ready-for-pickup e-mail: its settings, and the queue that sends it. */
    private readonly settings?: SettingsService,
    private readonly mail?: MailQueue,
    /** Tells the open Loading Grids and Grid Managers what changed (after each commit). */
    private readonly events?: EventBus,
  ) {}

  /** The pickup list and these bays changed. */
  private tell(bays: Iterable<number | null | undefined>) {
    const changed: DeskEvent[] = [{ type: 'pickup', data: {} }];
    for (const bay of new Set(bays)) if (bay) changed.push({ type: 'bay', data: { bay } });
    this.events?.publish(...changed);
  }

  /** Open orders ready for pickup; with a bay, only those assigned to it (0: not in a bay). */
  /** With what each order waits on (open vendor orders), for the Grid Manager. */
  async pickupReady(bayId?: number, db: Kysely<DB> = this.db): Promise<PickupOrder[]> {
    const rows = await repo.pickupReady(db, bayId);
    const waiting = await waitingOn(
      db,
      rows.map((r) => r.id),
      isoAt(this.clock()).slice(0, 10),
    );
    const stock = await readiness(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...r, waitingOn: waiting.get(r.id) ?? [], stock: stock.get(r.id) }));
  }

  /**
   * Saves Grid Manager rows in one transaction. `withLoad`: also save the In Bay (current load)
   * flags (Place in Bay); otherwise only bay assignments (Choose Garage Bay), where an order that
   * changes bay stops being that bay's current load.
   *
   * Place in Bay asks first (a PlacementQuestion, 409) before it replaces a bay's current load
   * (unless the row `replaces` that very order) or loads an order waiting on an open vendor order
   * (unless `waitingConfirmed`). A load that leaves its bay has its unsent ready-for-pickup e-mail
   * withdrawn; a waiting order's customer is e-mailed only with `tellCustomer`.
   */
  async saveAssignments(rows: PickupOrderInput[], withLoad: boolean, actor?: Actor): Promise<PickupOrder[]> {
    if (rows.length === 0) return this.pickupReady();
    let queued = 0;
    const bays: Array<number | null> = [];
    const saved = await this.db.transaction().execute(async (trx) => {
      bays.length = 0;
      const ids = rows.map((r) => r.id);
      const asked = new Map(rows.map((r) => [r.id, r]));
      // The bays' loads this save may replace are locked with the orders saved (PostgreSQL), so
      // two clerks replacing the same load at once are one after the other: the second sees the
      // first's order there, not the one its clerk agreed to replace, and is asked again.
      const target = withLoad ? rows.filter((r) => r.current_load && r.loading_bay !== null) : [];
      const guess = await repo.loadsIn(trx, [...new Set(target.map((r) => r.loading_bay!))]);
      const current = await repo.pickupRows(
        trx,
        ids,
        [...guess.values()].map((h) => h.id),
      );
      const byId = new Map(current.map((r) => [r.id, r]));
      const missing = ids.filter((id) => !byId.has(id));
      if (missing.length) {
        throw badRequest(`Orders ${missing.join(', ')} are not open orders ready for pickup.`);
      }
      const next = rows.map((r) => {
        const before = byId.get(r.id)!;
        const bay = r.loading_bay;
        let load = withLoad ? r.current_load : before.current_load === 1 && before.loading_bay === bay;
        if (bay === null) load = false;
        if (withLoad && r.current_load && bay === null) {
          throw badRequest(`Order ${r.id}: choose a bay (1 to 8) before marking it In Bay.`);
        }
        return { id: r.id, bay, load };
      });
      const nextById = new Map(next.map((n) => [n.id, n]));
      const loads = new Map<number, number>();
      for (const n of next) {
        if (!n.load || n.bay === null) continue;
        const other = loads.get(n.bay);
        if (other !== undefined)
          throw conflict(`Bay ${n.bay} can hold one current load: orders ${other} and ${n.id} are both In Bay.`);
        loads.set(n.bay, n.id);
      }
      const newlyLoaded = (n: { id: number; bay: number | null; load: boolean }) => {
        const before = byId.get(n.id)!;
        return n.load && n.bay !== null && !(before.current_load === 1 && before.loading_bay === n.bay);
      };

      // Ask first: a bay's load this save would replace, an order that waits on a vendor order.
      const questions: PlacementQuestions = { taken: [], waiting: [] };
      const holders = await repo.loadsIn(trx, [...loads.keys()]);
      const bumped: Array<{ id: number; bay: number }> = [];
      for (const [bay, orderId] of loads) {
        const holder = holders.get(bay);
        if (!holder || holder.id === orderId) continue;
        const after = nextById.get(holder.id);
        if (after?.load) continue; // it moves to another bay in the same save
        if (asked.get(orderId)!.replaces === holder.id) {
          if (!after) bumped.push({ id: holder.id, bay });
          continue;
        }
        questions.taken.push({
          orderId,
          bay,
          holder: { orderId: holder.id, customerName: holder.customer_name, jobName: holder.job_name },
        });
      }
      const placing = next.filter(newlyLoaded);
      const today = isoAt(this.clock()).slice(0, 10);
      const waits = await waitingOn(
        trx,
        placing.map((n) => n.id),
        today,
      );
      for (const n of placing) {
        const on = waits.get(n.id) ?? [];
        if (on.length === 0 || asked.get(n.id)!.waitingConfirmed) continue;
        const r = byId.get(n.id)!;
        questions.waiting.push({
          orderId: n.id,
          bay: n.bay!,
          customerName: r.customer_name,
          jobName: r.job_name,
          waitingOn: on,
        });
      }
      if (questions.taken.length || questions.waiting.length) throw new PlacementQuestion(questions);

      const now = isoAt(this.clock());
      // Loads replaced with the clerk's agreement: they stay assigned to their bay (next in line).
      for (const b of bumped) {
        await repo.setBay(trx, b.id, b.bay, false, now);
        bays.push(b.bay);
        if (actor)
          await insertChangeRows(trx, actor, now, 'order', b.id, [
            { action: 'changed', field: 'currentLoad', from: bayText(b.bay), to: null },
          ]);
      }
      // Clear the loads being moved first, so swaps between bays never collide mid-way.
      await repo.clearLoads(trx, ids);
      for (const bay of loads.keys()) {
        const holder = await repo.otherLoadInBay(trx, bay, ids);
        if (holder !== undefined)
          throw conflict(
            `Bay ${bay} was just given a current load by someone else (order ${holder}); reload and try again.`,
          );
      }
      // Orders that are no current load first, then the loads in bay order: on PostgreSQL a load
      // waits for another clerk's uncommitted load in the same bay (the one-load-per-bay index),
      // and taking bays in one order means two saves never wait on each other (a deadlock, 503).
      const ordered = [...next].sort((a, b) => Number(a.load) - Number(b.load) || (a.bay ?? 0) - (b.bay ?? 0));
      const placed: Array<{ orderId: number; bay: number }> = [];
      const left: Array<{ orderId: number; why: string }> = bumped.map((b) => ({
        orderId: b.id,
        why: leftBay(b.id, b.bay),
      }));
      for (const n of ordered) {
        try {
          const was = byId.get(n.id)!;
          const stillLoaded = was.current_load === 1 && was.loading_bay === n.bay;
          await repo.setBay(trx, n.id, n.bay, n.load, now, stillLoaded);
        } catch (e) {
          // Another clerk's save filled the bay since the check above (PostgreSQL runs saves side by side).
          if (n.load && isUniqueViolation(e)) {
            throw conflict(`Bay ${n.bay} was just given a current load by someone else; reload and try again.`);
          }
          throw e;
        }
        // The order's history: a new bay, and being placed in it as its current load.
        const before = byId.get(n.id)!;
        bays.push(before.loading_bay, n.bay);
        const changes = [];
        if (before.loading_bay !== n.bay)
          changes.push({
            action: 'changed',
            field: 'loadingBay',
            from: bayText(before.loading_bay),
            to: bayText(n.bay),
          } as const);
        // Taken out of its bay without being completed (it stays ready for pickup).
        if (before.current_load === 1 && !n.load)
          changes.push({
            action: 'changed',
            field: 'currentLoad',
            from: bayText(before.loading_bay),
            to: null,
          } as const);
        // No longer the load of the bay its customer may have been told: that e-mail is withdrawn.
        if (before.current_load === 1 && before.loading_bay !== null && (!n.load || n.bay !== before.loading_bay))
          left.push({ orderId: n.id, why: leftBay(n.id, before.loading_bay) });
        if (newlyLoaded(n)) {
          changes.push({ action: 'bay-assigned', to: bayText(n.bay) } as const);
          const waiting = (waits.get(n.id) ?? []).length > 0;
          if (asked.get(n.id)!.tellCustomer ?? !waiting) placed.push({ orderId: n.id, bay: n.bay! });
        }
        if (actor) await insertChangeRows(trx, actor, now, 'order', n.id, changes);
      }
      await withdrawReady(trx, left);
      // The customers are told the orders are ready: queued with the assignment, sent after it.
      if (this.settings) queued = await queueReadyForPickup(trx, this.settings, placed, actor?.username ?? null, now);
      return this.pickupReady(undefined, trx);
    });
    if (queued > 0) this.mail?.kick();
    this.tell(bays);
    return saved;
  }

  /**
   * Complete Orders by customer (the specification's call): each customer's current load becomes
   * Completed and leaves its bay, all or nothing.
   */
  async complete(customerIds: number[], actor?: Actor): Promise<{ completed: number[] }> {
    return this.completing(async (trx) => {
      const loads = await repo.customerLoads(trx, customerIds);
      const withLoad = new Set(loads.map((l) => l.customer_id));
      const without = [...new Set(customerIds)].filter((c) => !withLoad.has(c));
      if (without.length)
        throw conflict(`Customers ${without.join(', ')} have no order in a bay; nothing was completed.`);
      const ids = loads.map((l) => l.id);
      const bays = await repo.loadBays(trx, ids);
      const now = isoAt(this.clock());
      const closed = await repo.closeLoads(trx, ids, now);
      if (closed.length !== ids.length)
        throw conflict('Someone else just completed or moved one of these loads; nothing was completed. Reload.');
      return this.finishCompleted(trx, actor, now, closed, bays);
    });
  }

  /**
   * Complete Orders by bay (the Loading Grid): only these orders, each a bay's current load,
   * become Completed, all or nothing. An order that is not a current load is a 409 naming it.
   */
  async completeBayOrders(orderIds: number[], actor?: Actor): Promise<{ completed: number[] }> {
    const ids = [...new Set(orderIds)].sort((a, b) => a - b);
    if (ids.length === 0) throw badRequest(NOTHING_SELECTED);
    return this.completing(async (trx) => {
      const bays = await repo.loadBays(trx, ids);
      const now = isoAt(this.clock());
      const closed = new Set(await repo.closeLoads(trx, ids, now));
      const missing = ids.filter((id) => !closed.has(id));
      if (missing.length) {
        const which = missing.length === 1 ? `Order ${missing[0]} is` : `Orders ${missing.join(', ')} are`;
        throw conflict(`${which} not loaded in a bay (already completed or moved); nothing was completed.`);
      }
      return this.finishCompleted(trx, actor, now, ids, bays);
    });
  }

  /** Completes loads in one transaction (`work`), then tells the yard of the bays they left. */
  private async completing(
    work: (trx: Kysely<DB>) => Promise<{ completed: number[]; bays: number[]; moved: number[] }>,
  ): Promise<{ completed: number[] }> {
    const { completed, bays, moved } = await this.db.transaction().execute(work);
    this.tell(bays);
    tellStock(this.events, moved);
    return { completed };
  }

  /**
   * What completing loads writes besides their status, in its transaction: each in its order's
   * history with the bay it left, and its unsent ready-for-pickup e-mail withdrawn.
   */
  private async finishCompleted(
    trx: Kysely<DB>,
    actor: Actor | undefined,
    now: string,
    ids: number[],
    bays: Map<number, number>,
  ) {
    // The goods leave the shelf with the orders (docs/stock.md).
    const moved = await pickUpOrders(trx, ids, { actor: actor ?? null, now });
    if (actor)
      for (const id of ids)
        await insertChangeRows(trx, actor, now, 'order', id, [
          { action: 'bay-completed', from: bayText(bays.get(id) ?? null) },
        ]);
    await withdrawReady(
      trx,
      ids.map((id) => ({ orderId: id, why: completedFirst(id) })),
    );
    return { completed: ids, bays: [...bays.values()], moved };
  }

  /** Pickup-ready orders waiting for a bay that are not its current load: the bay's "Next". */
  private async nextFor(bayId: number): Promise<BayNextOrder[]> {
    const rows = await repo.waitingFor(this.db, bayId);
    return rows.map((r) => ({ orderId: r.id, customerName: r.customer_name, jobName: r.job_name }));
  }

  /**
   * A bay's pick list: every cart line, then its parts with quantities multiplied out, each with
   * the notes a loader needs; and the orders waiting for the bay.
   */
  async bayData(bayId: number): Promise<BayData> {
    const empty = emptyBayData(bayId);
    if (bayId === 0) return empty;
    const next = await this.nextFor(bayId);
    const order = await repo.currentLoad(this.db, bayId);
    if (!order) return { ...empty, next };
    const k = KINDS.order;
    // The order was just read in this call.
    const header = (await findHeaderRow(this.db, k, order.id))!;
    const { cart } = await pricedDocument(this.db, k, header, this.taxRate);
    const subs = await subPartsForDocument(this.db, k, order.id);
    const { applied, liftNotes } = await this.modifierNotes(order.id);
    const rows: BayRow[] = [];
    for (const line of cart) {
      const lineSubs = subs.get(line.id) ?? [];
      const hasLift = lineSubs.some((s) => s.category === 'Lift');
      rows.push({
        quantity: line.quantity,
        itemNo: line.product.itemNo,
        itemDescription: line.product.itemDescription,
        price: line.linePrice,
        kind: 'LINE',
        // A package's LiftNotes matter only when a Lift modifier is applied to the line.
        notes: hasLift ? (liftNotes.get(line.product.id) ?? []).map((n) => `Lift notes: ${n}`) : [],
      });
      for (const s of lineSubs) {
        const mod = s.appliedModifierId === null ? undefined : applied.get(s.appliedModifierId);
        const notes = clean(s.notes) ?? clean(mod?.notes);
        const inches = clean(s.inches) ?? clean(mod?.inches);
        rows.push({
          quantity: s.quantity * line.quantity,
          itemNo: s.product.itemNo,
          itemDescription: s.product.itemDescription,
          price: 0,
          kind: 'SUB',
          notes: [
            ...(inches ? [inchesNote(s.category ?? mod?.category ?? null, inches)] : []),
            ...(notes ? [notes] : []),
          ],
        });
      }
    }
    return {
      bayId,
      orderId: order.id,
      printExcelModels: rows,
      customerId: order.customer_id,
      customerName: order.name,
      customerJobName: order.job_name,
      specialInstructions: clean(order.special_instructions),
      next,
      // What the load still waits on: the loader sees it before handing it over.
      waitingOn: (await waitingOn(this.db, [order.id], isoAt(this.clock()).slice(0, 10))).get(order.id) ?? [],
    };
  }

  /** The order's applied modifiers (notes, inches) and its packages' LiftNotes, in two queries. */
  private async modifierNotes(orderId: number) {
    const mods = await repo.appliedModifiers(this.db, orderId);
    const applied = new Map(mods.map((m) => [m.id, m]));
    const lift = await repo.liftNotes(this.db, orderId);
    const liftNotes = new Map<number, string[]>();
    for (const r of lift) {
      const note = clean(r.notes);
      if (note) liftNotes.set(r.package_id, [...(liftNotes.get(r.package_id) ?? []), note]);
    }
    return { applied, liftNotes };
  }
}

const NOTHING_SELECTED = 'No orders selected for completion.';

/** Trimmed text, or null when there is none. */
const clean = (text: string | null | undefined) => {
  const t = text?.trim();
  return t ? t : null;
};

/** "Lift 18 in" for a bare number of inches; other text as entered (Lift 18 1/2 in stays so). */
const inchesNote = (category: string | null, inches: string) =>
  `${category ?? 'Inches'} ${inches}${/^\d+(\.\d+)?$/.test(inches) ? ' in' : ''}`;
