/**
 * Orders and quotes in bulk, for the large data set (cli/large-data.ts), where one service call
 * per line would take hours. The rows follow the rules of DocumentsService, so a bulk document is
 * the one a clerk would have typed: multipliers and use tax copied from the customer (create);
 * pickup only in an open status, a bay only when ready for pickup, completed_at only when
 * Completed (update); lines at positions 1, 2, ... (addLine); a package line carries its
 * package's associated parts as ASSOC_PART sub-parts, in their order (addLine); a modifier
 * applies only to a line of its own package, never LiftNotes, once per line, and adds its
 * product as a MOD sub-part with its quantity, category and notes, inches only on Lift
 * (upsertModifier). The caller chooses the documents' ids; lines, sub-parts and applied
 * modifiers are numbered on from the tables' highest ids.
 */
import type { DocumentKind } from '@desk/domain';
import type { Kysely } from 'kysely';
import type { BulkWriter, Value } from '../../db/bulk-writer.js';
import type { DB } from '../../db/schema.js';
import { bulkLookups } from './documents.bulk.repository.js';
import { KINDS } from './kinds.js';

/** The large set's quote statuses, set in bulk by the repository that keeps a quote's status. */
export { quoteIdShare, stampQuoteStatusInBulk } from './documents.revisions.repository.js';

export interface BulkLine {
  productId: number;
  quantity: number;
  /** Price of the whole line in cents, or null: priced from the list. */
  priceOverride?: number | null;
  /** Modifiers starred on the line, in this order. */
  modifiers?: ReadonlyArray<{ packageModifierId: number; notes?: string | null; inches?: string | null }>;
}

export interface BulkDocument {
  id: number;
  customerId: number;
  jobName: string | null;
  poNumber: string | null;
  /** YYYY-MM-DD: the order or quote date. */
  date: string;
  /** Default: the customer's. */
  useTax?: boolean;
  createdAt: string;
  /** Orders: the status type (default: the first status), pickup, the bay of a current load. */
  status?: string;
  pickup?: boolean;
  bay?: number | null;
  lines: readonly BulkLine[];
}

const HEADER = [
  'id',
  'customer_id',
  'job_name',
  'po_number',
  'use_tax',
  'opener_multiplier_copy',
  'residential_multiplier_copy',
  'sectional_multiplier_copy',
  'commercial_multiplier_copy',
  'created_at',
  'updated_at',
];
const ORDER_HEADER = [
  ...HEADER,
  'order_date',
  'order_status_id',
  'order_pickup',
  'current_load',
  'loading_bay',
  'completed_at',
];

/** Reads the customers, statuses and package compositions once; then writes documents chunk by chunk. */
export async function documentsBulkWriter(db: Kysely<DB>, w: BulkWriter) {
  const { customers, statuses, products, partsOf, modifiers, ids } = await bulkLookups(db);

  function header(kind: DocumentKind, d: BulkDocument): Value[] {
    const c = customers.get(d.customerId);
    if (!c) throw new Error(`Customer ${d.customerId} does not exist; choose another customer.`);
    const row: Value[] = [
      d.id,
      c.id,
      d.jobName,
      d.poNumber,
      d.useTax === undefined ? c.use_tax : d.useTax ? 1 : 0,
      c.opener_multiplier,
      c.residential_multiplier,
      c.sectional_multiplier,
      c.commercial_multiplier,
      d.createdAt,
      d.createdAt,
      d.date,
    ];
    if (kind === 'quote') return row;
    const status = d.status === undefined ? statuses[0] : statuses.find((s) => s.type === d.status);
    if (!status) throw new Error(`There is no order status ${d.status}.`);
    const pickup = status.closed === 0 && d.pickup === true;
    if (d.bay != null && !pickup) throw new Error(`Order ${d.id}: only an order ready for pickup goes in a bay.`);
    const completed = status.type === 'Completed' ? d.createdAt : null;
    row.push(status.id, pickup ? 1 : 0, d.bay != null ? 1 : 0, d.bay ?? null, completed);
    return row;
  }

  /** Writes the documents of one kind with their lines, applied modifiers and sub-parts. */
  async function write(kind: DocumentKind, docs: readonly BulkDocument[]) {
    const k = KINDS[kind];
    const id = ids[kind];
    const headers: Value[][] = [];
    const lines: Value[][] = [];
    const applied: Value[][] = [];
    const subs: Value[][] = [];
    for (const d of docs) {
      headers.push(header(kind, d));
      let position = 0;
      for (const line of d.lines) {
        const isPackage = products.get(line.productId);
        if (isPackage === undefined) throw new Error(`Product ${line.productId} does not exist.`);
        const lineId = id.line++;
        lines.push([lineId, d.id, line.productId, line.quantity, line.priceOverride ?? null, ++position, d.createdAt]);
        if (!isPackage) {
          if (line.modifiers?.length)
            throw new Error(`Product ${line.productId} is not a package: only package lines have modifiers.`);
          continue;
        }
        let subPosition = 0;
        for (const [child, quantity] of partsOf.get(line.productId) ?? [])
          subs.push([id.sub++, lineId, 'ASSOC_PART', child, quantity, null, null, null, null, ++subPosition]);
        const starred = new Set<number>();
        for (const a of line.modifiers ?? []) {
          const m = modifiers.get(a.packageModifierId);
          if (!m) throw new Error(`Package modifier ${a.packageModifierId} does not exist.`);
          if (m.package_id !== line.productId) throw new Error(`Modifier ${m.id} belongs to another package.`);
          if (m.category === 'LiftNotes' || m.product_id === null)
            throw new Error('LiftNotes hold notes only and cannot be applied.');
          if (starred.has(m.id)) throw new Error(`Modifier ${m.id} is already applied on this line.`);
          starred.add(m.id);
          const notes = a.notes ?? null;
          const inches = m.category === 'Lift' ? (a.inches ?? null) : null;
          const appliedId = id.mod++;
          applied.push([appliedId, lineId, m.id, notes, inches, d.createdAt]);
          subs.push([
            id.sub++,
            lineId,
            'MOD',
            m.product_id,
            m.quantity,
            notes,
            inches,
            m.category,
            appliedId,
            ++subPosition,
          ]);
        }
      }
    }
    return {
      [k.header]: await w.insert(k.header, kind === 'order' ? ORDER_HEADER : [...HEADER, 'quote_date'], headers),
      [k.parts]: await w.insert(
        k.parts,
        ['id', k.docFk, 'product_id', 'quantity', 'price_override', 'position', 'created_at'],
        lines,
      ),
      [k.mods]: await w.insert(
        k.mods,
        ['id', k.partFk, 'package_modifier_id', 'notes', 'inches', 'created_at'],
        applied,
      ),
      [k.subs]: await w.insert(
        k.subs,
        [
          'id',
          k.partFk,
          'source',
          'product_id',
          'quantity',
          'notes',
          'inches',
          'category',
          'applied_modifier_id',
          'position',
        ],
        subs,
      ),
    };
  }

  return { write };
}
