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
} from '@desk/domain';
import type { DB } from '../../db/schema.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { KINDS } from '../documents/kinds.js';
import * as docs from '../documents/documents.repository.js';
import * as repo from './loaders.repository.js';
import { waitingOn } from '../vendor-orders/vendor-orders.repository.js';
import { recordChanges, type Actor } from '../history/history.repository.js';
import type { MailQueue } from '../mail/mail-queue.service.js';
import { queueReadyForPickup } from '../mail/ready-for-pickup.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { DeskEvent, EventBus } from '../events/event-bus.js';

const bayText = (bay: number | null) => (bay === null ? null : `bay ${bay}`);

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
    return rows.map((r) => ({ ...r, waitingOn: waiting.get(r.id) ?? [] }));
  }

  /**
   * Saves Grid Manager rows in one transaction. `withLoad`: also save the In Bay (current load)
   * flags (Place in Bay); otherwise only bay assignments (Choose Garage Bay), where an order that
   * changes bay stops being that bay's current load.
   */
  async saveAssignments(rows: PickupOrderInput[], withLoad: boolean, actor?: Actor): Promise<PickupOrder[]> {
    if (rows.length === 0) return this.pickupReady();
    let queued = 0;
    const bays: Array<number | null> = [];
    const saved = await this.db.transaction().execute(async (trx) => {
      bays.length = 0;
      const ids = rows.map((r) => r.id);
      const current = await repo.pickupRows(trx, ids);
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
      const loads = new Map<number, number>();
      for (const n of next) {
        if (!n.load || n.bay === null) continue;
        const other = loads.get(n.bay);
        if (other !== undefined)
          throw conflict(`Bay ${n.bay} can hold one current load: orders ${other} and ${n.id} are both In Bay.`);
        loads.set(n.bay, n.id);
      }
      // Clear the loads being moved first, so swaps between bays never collide mid-way.
      await repo.clearLoads(trx, ids);
      for (const bay of loads.keys()) {
        const holder = await repo.otherLoadInBay(trx, bay, ids);
        if (holder !== undefined)
          throw conflict(`Bay ${bay} already has a current load (order ${holder}); take it out of the bay first.`);
      }
      const now = isoAt(this.clock());
      // Orders that are no current load first, then the loads in bay order: on PostgreSQL a load
      // waits for another clerk's uncommitted load in the same bay (the one-load-per-bay index),
      // and taking bays in one order means two saves never wait on each other (a deadlock, 503).
      const ordered = [...next].sort((a, b) => Number(a.load) - Number(b.load) || (a.bay ?? 0) - (b.bay ?? 0));
      const placed: Array<{ orderId: number; bay: number }> = [];
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
        if (n.load && n.bay !== null && !(before.current_load === 1 && before.loading_bay === n.bay)) {
          changes.push({ action: 'bay-assigned', to: bayText(n.bay) } as const);
          placed.push({ orderId: n.id, bay: n.bay });
        }
        if (actor) await recordChanges(trx, actor, now, 'order', n.id, changes);
      }
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
    const { completed, bays } = await this.db.transaction().execute(async (trx) => {
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
      await this.recordCompleted(trx, actor, now, closed, bays);
      return { completed: closed, bays: [...bays.values()] };
    });
    this.tell(bays);
    return { completed };
  }

  /**
   * Complete Orders by bay (the Loading Grid): only these orders, each a bay's current load,
   * become Completed, all or nothing. An order that is not a current load is a 409 naming it.
   */
  async completeBayOrders(orderIds: number[], actor?: Actor): Promise<{ completed: number[] }> {
    const ids = [...new Set(orderIds)].sort((a, b) => a - b);
    if (ids.length === 0) throw badRequest(NOTHING_SELECTED);
    const { completed, bays } = await this.db.transaction().execute(async (trx) => {
      const bays = await repo.loadBays(trx, ids);
      const now = isoAt(this.clock());
      const closed = new Set(await repo.closeLoads(trx, ids, now));
      const missing = ids.filter((id) => !closed.has(id));
      if (missing.length) {
        const which = missing.length === 1 ? `Order ${missing[0]} is` : `Orders ${missing.join(', ')} are`;
        throw conflict(`${which} not loaded in a bay (already completed or moved); nothing was completed.`);
      }
      await this.recordCompleted(trx, actor, now, ids, bays);
      return { completed: ids, bays: [...bays.values()] };
    });
    this.tell(bays);
    return { completed };
  }

  /** Each completed load in its order's history, with the bay it left. */
  private async recordCompleted(
    trx: Kysely<DB>,
    actor: Actor | undefined,
    now: string,
    ids: readonly number[],
    bays: Map<number, number>,
  ) {
    if (!actor) return;
    for (const id of ids)
      await recordChanges(trx, actor, now, 'order', id, [
        { action: 'bay-completed', from: bayText(bays.get(id) ?? null) },
      ]);
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
    const header = (await docs.findHeaderRow(this.db, k, order.id))!;
    const { cart } = await docs.pricedDocument(this.db, k, header, this.taxRate);
    const subs = await docs.subPartsForDocument(this.db, k, order.id);
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
