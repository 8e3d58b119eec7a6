/**
 * The will-call yard (docs/architecture.md section 4). Invariants, in the database and in transactions:
 * at most one current load per bay (a partial unique index), an order in at most one bay (one
 * column), completion all-or-nothing.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import {
  COMPLETED_STATUS,
  type BayData,
  type BayNextOrder,
  type BayRow,
  type PickupOrder,
  type PickupOrderInput,
} from '@desk/domain';
import type { CustomersTable, DB, OrdersTable, OrderStatusesTable } from '../../db/schema.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict } from '../../lib/errors.js';
import type { Db } from '../../lib/sql.js';
import { KINDS } from '../documents/kinds.js';
import * as docs from '../documents/documents.repository.js';

/** A row of pickupBase's select. */
type PickupRow = Pick<
  Selectable<OrdersTable>,
  'id' | 'customer_id' | 'job_name' | 'po_number' | 'current_load' | 'loading_bay'
> & {
  customer_name: Selectable<CustomersTable>['name'];
  customer_no: Selectable<CustomersTable>['customer_no'];
  status_type: Selectable<OrderStatusesTable>['type'];
};

export class LoadersService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly taxRate: number,
  ) {}

  private pickupBase(db: Db) {
    return (
      db
        .selectFrom('orders as o')
        .innerJoin('order_statuses as s', 's.id', 'o.order_status_id')
        .innerJoin('customers as c', 'c.id', 'o.customer_id')
        .select([
          'o.id',
          'o.customer_id',
          'c.name as customer_name',
          'c.customer_no',
          'o.job_name',
          'o.po_number',
          's.type as status_type',
          'o.current_load',
          'o.loading_bay',
        ])
        // Literal 1s so SQLite can use the partial indexes (a bound parameter hides the value).
        .where(sql<boolean>`o.order_pickup = 1`)
        .where('s.closed', '=', 0)
    );
  }

  private toPickup(r: PickupRow): PickupOrder {
    return {
      id: r.id,
      customerId: r.customer_id,
      customerName: r.customer_name,
      customerNo: r.customer_no,
      jobName: r.job_name,
      poNumber: r.po_number,
      orderStatus: r.status_type,
      current_load: r.current_load === 1,
      loading_bay: r.loading_bay,
    };
  }

  /** Open orders ready for pickup; with a bay, only those assigned to it (0: not in a bay). */
  async pickupReady(bayId?: number): Promise<PickupOrder[]> {
    let q = this.pickupBase(this.db);
    if (bayId !== undefined) {
      q =
        bayId === 0
          ? q.where((eb) => eb.or([eb('o.loading_bay', 'is', null), eb('o.loading_bay', '=', 0)]))
          : q.where('o.loading_bay', '=', bayId);
    }
    const rows = await q.orderBy('o.id').execute();
    return rows.map((r) => this.toPickup(r));
  }

  /**
   * Saves Grid Manager rows in one transaction. `withLoad`: also save the In Bay (current load)
   * flags (Place in Bay); otherwise only bay assignments (Choose Garage Bay), where an order that
   * changes bay stops being that bay's current load.
   */
  async saveAssignments(rows: PickupOrderInput[], withLoad: boolean): Promise<PickupOrder[]> {
    if (rows.length === 0) return this.pickupReady();
    return this.db.transaction().execute(async (trx) => {
      const ids = rows.map((r) => r.id);
      const current = await this.pickupBase(trx).where('o.id', 'in', ids).execute();
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
      await trx.updateTable('orders').set({ current_load: 0 }).where('id', 'in', ids).execute();
      for (const bay of loads.keys()) {
        const holder = await trx
          .selectFrom('orders')
          .select('id')
          .where('loading_bay', '=', bay)
          .where('current_load', '=', 1)
          .where('id', 'not in', ids)
          .executeTakeFirst();
        if (holder)
          throw conflict(`Bay ${bay} already has a current load (order ${holder.id}); take it out of the bay first.`);
      }
      const now = isoAt(this.clock());
      // Orders that are no current load first, then the loads in bay order: on PostgreSQL a load
      // waits for another clerk's uncommitted load in the same bay (the one-load-per-bay index),
      // and taking bays in one order means two saves never wait on each other (a deadlock, 503).
      const ordered = [...next].sort((a, b) => Number(a.load) - Number(b.load) || (a.bay ?? 0) - (b.bay ?? 0));
      for (const n of ordered) {
        try {
          await trx
            .updateTable('orders')
            .set({ loading_bay: n.bay, current_load: n.load ? 1 : 0, updated_at: now, version: sql`version + 1` })
            .where('id', '=', n.id)
            .execute();
        } catch (e) {
          // Another clerk's save filled the bay since the check above (PostgreSQL runs saves side by side).
          if (n.load && isUniqueViolation(e)) {
            throw conflict(`Bay ${n.bay} was just given a current load by someone else; reload and try again.`);
          }
          throw e;
        }
      }
      const rowsAfter = await this.pickupBase(trx).orderBy('o.id').execute();
      return rowsAfter.map((r) => this.toPickup(r));
    });
  }

  /**
   * Complete Orders by customer (the specification's call): each customer's current load becomes
   * Completed and leaves its bay, all or nothing.
   */
  async complete(customerIds: number[]): Promise<{ completed: number[] }> {
    return this.db.transaction().execute(async (trx) => {
      const loads = await trx
        .selectFrom('orders as o')
        .innerJoin('order_statuses as s', 's.id', 'o.order_status_id')
        .select(['o.id', 'o.customer_id'])
        .where('o.customer_id', 'in', customerIds)
        .where('o.current_load', '=', 1)
        .where('o.loading_bay', '>', 0)
        .where('s.closed', '=', 0)
        .execute();
      const withLoad = new Set(loads.map((l) => l.customer_id));
      const without = [...new Set(customerIds)].filter((c) => !withLoad.has(c));
      if (without.length)
        throw conflict(`Customers ${without.join(', ')} have no order in a bay; nothing was completed.`);
      const ids = loads.map((l) => l.id);
      const closed = await this.closeLoads(trx, ids);
      if (closed.length !== ids.length)
        throw conflict('Someone else just completed or moved one of these loads; nothing was completed. Reload.');
      return { completed: closed };
    });
  }

  /**
   * Complete Orders by bay (the Loading Grid): only these orders, each a bay's current load,
   * become Completed, all or nothing. An order that is not a current load is a 409 naming it.
   */
  async completeBayOrders(orderIds: number[]): Promise<{ completed: number[] }> {
    const ids = [...new Set(orderIds)].sort((a, b) => a - b);
    if (ids.length === 0) throw badRequest(NOTHING_SELECTED);
    return this.db.transaction().execute(async (trx) => {
      const closed = new Set(await this.closeLoads(trx, ids));
      const missing = ids.filter((id) => !closed.has(id));
      if (missing.length) {
        const which = missing.length === 1 ? `Order ${missing[0]} is` : `Orders ${missing.join(', ')} are`;
        throw conflict(`${which} not loaded in a bay (already completed or moved); nothing was completed.`);
      }
      return { completed: ids };
    });
  }

  /**
   * Completes those of `ids` that are still open current loads and answers the ids it changed.
   * The conditions sit in the UPDATE itself, so of two clerks completing one order at once only
   * one changes it: on PostgreSQL the second waits for the first, then finds the row no longer a
   * load; on SQLite the transactions run one after the other.
   */
  private async closeLoads(trx: Db, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const completed = await trx
      .selectFrom('order_statuses')
      .select('id')
      .where('type', '=', COMPLETED_STATUS)
      .executeTakeFirstOrThrow();
    const now = isoAt(this.clock());
    const rows = await trx
      .updateTable('orders')
      .set({
        order_status_id: completed.id,
        current_load: 0,
        loading_bay: null,
        order_pickup: 0,
        completed_at: now,
        updated_at: now,
        version: sql`version + 1`,
      })
      .where('id', 'in', ids)
      .where('current_load', '=', 1)
      .where('loading_bay', '>', 0)
      .where('order_status_id', 'in', (eb) => eb.selectFrom('order_statuses').select('id').where('closed', '=', 0))
      .returning('id')
      .execute();
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  /** Pickup-ready orders waiting for a bay that are not its current load: the bay's "Next". */
  private async nextFor(bayId: number): Promise<BayNextOrder[]> {
    const rows = await this.pickupBase(this.db)
      .where('o.loading_bay', '=', bayId)
      .where('o.current_load', '=', 0)
      .orderBy('o.id')
      .execute();
    return rows.map((r) => ({ orderId: r.id, customerName: r.customer_name, jobName: r.job_name }));
  }

  /**
   * A bay's pick list: every cart line, then its parts with quantities multiplied out, each with
   * the notes a loader needs; and the orders waiting for the bay.
   */
  async bayData(bayId: number): Promise<BayData> {
    const empty: BayData = {
      bayId,
      orderId: null,
      printExcelModels: [],
      customerId: null,
      customerName: null,
      customerJobName: null,
      specialInstructions: null,
      next: [],
    };
    if (bayId === 0) return empty;
    const next = await this.nextFor(bayId);
    const order = await this.db
      .selectFrom('orders as o')
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .select(['o.id', 'o.customer_id', 'c.name', 'o.job_name', 'o.special_instructions'])
      .where('o.loading_bay', '=', bayId)
      .where(sql<boolean>`o.current_load = 1 and o.loading_bay > 0`)
      .executeTakeFirst();
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
    const mods = await this.db
      .selectFrom('order_part_modifiers as a')
      .innerJoin('order_parts as l', 'l.id', 'a.order_part_id')
      .innerJoin('package_modifiers as m', 'm.id', 'a.package_modifier_id')
      .select(['a.id', 'a.notes', 'a.inches', 'm.category'])
      .where('l.order_id', '=', orderId)
      .execute();
    const applied = new Map(mods.map((m) => [m.id, m]));
    const lift = await this.db
      .selectFrom('package_modifiers as m')
      .innerJoin('order_parts as l', 'l.product_id', 'm.package_id')
      .select(['m.package_id', 'm.notes'])
      .distinct()
      .where('l.order_id', '=', orderId)
      .where('m.category', '=', 'LiftNotes')
      .orderBy('m.package_id')
      .orderBy('m.notes')
      .execute();
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
