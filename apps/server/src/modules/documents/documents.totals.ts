/**
 * Stored totals (docs/architecture.md section 16): every order and quote keeps its subtotal, tax
 * and total in cents, and every line what it adds to the subtotal, as the one pricer prices them,
 * so the database can add them up (the dashboard, the export). They are written in the
 * transaction of every change that moves them: the document's own writes (the service), the
 * catalogue's price fields (repriceForProducts), and at start for every document priced with
 * another tax rate or never priced (repriceStale). Writing them never touches a document's
 * version or updated_at: they are derived, and a clerk's open form is not stale because a price
 * moved under it.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { LinePrice, Totals } from '@desk/domain';
import type { Db } from '../../lib/sql.js';
import { loadLinesOf } from './documents.cart.repository.js';
import { priceLoaded } from './documents.pricing.js';
import {
  documentsWithModifier,
  documentsWithProducts,
  pricingLock,
  stalePricedDocuments,
  storedHeaders,
  writeHeaderTotals,
  writeLinePrices,
  type StoredHeader,
} from './documents.totals.repository.js';
import { KINDS, type KindTables } from './kinds.js';

/** How many documents one statement prices and writes. */
const CHUNK = 400;

/** A priced document's stored values: its totals and each line's price, with what is stored now. */
export interface PricedForStore {
  header: StoredHeader;
  totals: Totals;
  lines: { id: number; stored: number | string; priced: LinePrice }[];
}

/**
 * Prices the documents of one kind, as the one pricer does, without writing. With `lock` (a
 * write from outside the document: the catalogue), their rows are locked first, in id order, on
 * PostgreSQL: a cart write to one of them in flight commits before its lines are read, so what
 * is stored includes it (otherwise the totals priced from before it would overwrite its own).
 */
async function priceForStore(db: Db, k: KindTables, docIds: readonly number[], taxRate: number, lock: boolean) {
  if (docIds.length === 0) return [];
  const headers = await storedHeaders(db, k, docIds, lock);
  const lines = await loadLinesOf(db, k, docIds);
  return headers.map((header): PricedForStore => {
    const { totals, linePrices } = priceLoaded(lines.get(header.id) ?? [], header, taxRate);
    return { header, totals, lines: linePrices };
  });
}

/**
 * Writes what changed of priced documents: the headers whose totals or tax rate differ, and the
 * lines whose price differs, a statement for each (a CTE of values joined by id: one round trip
 * however many rows, on SQLite and PostgreSQL alike).
 */
export async function writeStoredTotals(db: Db, k: KindTables, priced: readonly PricedForStore[], taxRate: number) {
  // Number(): PostgreSQL answers a bigint as text.
  const headers = priced.filter(
    (p) =>
      Number(p.header.subtotal_cents) !== p.totals.subTotalCents ||
      Number(p.header.tax_cents) !== p.totals.taxCents ||
      Number(p.header.total_cents) !== p.totals.totalCents ||
      p.header.priced_tax_rate !== taxRate,
  );
  for (let i = 0; i < headers.length; i += CHUNK) {
    const rows = headers.slice(i, i + CHUNK).map((p) => ({ id: p.header.id, ...p.totals }));
    await writeHeaderTotals(db, k, rows, taxRate);
  }
  const lines = priced.flatMap((p) => p.lines.filter((l) => Number(l.stored) !== l.priced.linePriceCents));
  for (let i = 0; i < lines.length; i += CHUNK) {
    const rows = lines.slice(i, i + CHUNK).map((l) => ({ id: l.id, cents: l.priced.linePriceCents }));
    await writeLinePrices(db, k, rows);
  }
}

/** Prices documents of one kind and stores what moved; answers each one's totals by id. */
export async function storeTotals(
  db: Db,
  k: KindTables,
  docIds: readonly number[],
  taxRate: number,
  opts: { lock?: boolean } = {},
): Promise<Map<number, Totals>> {
  const answer = new Map<number, Totals>();
  const sorted = [...docIds].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; i += CHUNK) {
    const priced = await priceForStore(db, k, sorted.slice(i, i + CHUNK), taxRate, opts.lock ?? false);
    await writeStoredTotals(db, k, priced, taxRate);
    for (const p of priced) answer.set(p.header.id, p.totals);
  }
  return answer;
}

/**
 * After a change to the price fields of products (wholesale price, multiplier category, type,
 * modifier cost increase): stores the totals of every order and quote with a line of one of them
 * or a modifier that adds one of them. Answers how many documents were priced.
 */
export async function repriceForProducts(db: Db, productIds: readonly number[], taxRate: number): Promise<number> {
  let count = 0;
  for (const k of Object.values(KINDS)) {
    const ids = new Set<number>();
    for (let i = 0; i < productIds.length; i += CHUNK) {
      for (const id of await documentsWithProducts(db, k, productIds.slice(i, i + CHUNK))) ids.add(id);
    }
    await storeTotals(db, k, [...ids], taxRate, { lock: true });
    count += ids.size;
  }
  return count;
}

/** After a package modifier's product or quantity changed: the documents it is applied to. */
export async function repriceForModifier(db: Db, modifierId: number, taxRate: number): Promise<void> {
  for (const k of Object.values(KINDS)) {
    await storeTotals(db, k, await documentsWithModifier(db, k, modifierId), taxRate, { lock: true });
  }
}

/**
 * At start: prices every document never priced (made before stored totals) or priced with
 * another tax rate than the configured one, a chunk at a time, each chunk its own transaction
 * so clerks' saves are not held up. Answers how many documents it priced.
 */
export async function repriceStale(db: Kysely<DB>, taxRate: number): Promise<number> {
  let count = 0;
  for (const k of Object.values(KINDS)) {
    for (;;) {
      const ids = await stalePricedDocuments(db, k, taxRate, CHUNK);
      if (ids.length === 0) break;
      // As a cart write would: shared with the other documents' writes, their rows locked (another
      // instance may be serving meanwhile).
      await db.transaction().execute(async (trx) => {
        await pricingLock(trx, 'shared');
        await storeTotals(trx, k, ids, taxRate, { lock: true });
      });
      count += ids.length;
    }
  }
  return count;
}
