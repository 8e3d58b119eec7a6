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
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { priceDocument, type LinePrice, type Totals } from '@desk/domain';
import type { Db } from '../../lib/sql.js';
import { isPostgres } from '../../lib/engine.js';
import { loadLinesOf, pricingOf, type PricingHeader, type StoredTotalsColumns } from './documents.repository.js';
import { docDb, KINDS, type KindTables } from './kinds.js';

/** The advisory lock between the catalogue's price writes and the documents' priced writes. */
const PRICING_LOCK = 0x5052_4943_45; // "PRICE"

/**
 * PostgreSQL, first statement of a transaction that prices documents: `shared` for a document's
 * own writes (clerks never wait for each other), `exclusive` for a write that moves catalogue
 * prices. So a price change never runs beside a cart write: it waits for the cart writes in
 * flight, and those that start meanwhile wait for it and then read its prices. Without it a
 * product's first line added to an order while its price changed was priced at the old price
 * and missed by the change's repricing (it picks the documents that already had the product).
 * SQLite runs one write at a time: nothing to do.
 */
export async function pricingLock(db: Db, mode: 'shared' | 'exclusive'): Promise<void> {
  if (!isPostgres(db)) return;
  if (mode === 'shared') await sql`select pg_advisory_xact_lock_shared(${PRICING_LOCK})`.execute(db);
  else await sql`select pg_advisory_xact_lock(${PRICING_LOCK})`.execute(db);
}

/** How many documents one statement prices and writes. */
const CHUNK = 400;

type StoredHeader = PricingHeader & StoredTotalsColumns;

/** A priced document's stored values: its totals and each line's price, with what is stored now. */
export interface PricedForStore {
  header: StoredHeader;
  totals: Totals;
  lines: { id: number; stored: number | string; priced: LinePrice }[];
}

const headerColumns = [
  'id',
  'use_tax',
  'opener_multiplier_copy',
  'residential_multiplier_copy',
  'sectional_multiplier_copy',
  'commercial_multiplier_copy',
  'subtotal_cents',
  'tax_cents',
  'total_cents',
  'priced_tax_rate',
  'price_loose_parts',
] as const;

/**
 * Prices the documents of one kind, as the one pricer does, without writing. With `lock` (a
 * write from outside the document: the catalogue), their rows are locked first, in id order, on
 * PostgreSQL: a cart write to one of them in flight commits before its lines are read, so what
 * is stored includes it (otherwise the totals priced from before it would overwrite its own).
 */
async function priceForStore(db: Db, k: KindTables, docIds: readonly number[], taxRate: number, lock: boolean) {
  if (docIds.length === 0) return [];
  let q = docDb(db).selectFrom(k.header).select(headerColumns).where('id', 'in', docIds).orderBy('id');
  if (lock && isPostgres(db)) q = q.forNoKeyUpdate();
  const headers: StoredHeader[] = await q.execute();
  const lines = await loadLinesOf(db, k, docIds);
  return headers.map((header): PricedForStore => {
    const own = lines.get(header.id) ?? [];
    const priced = priceDocument(
      own.map((l) => l.input),
      pricingOf(header),
      taxRate,
    );
    return {
      header,
      totals: priced.totals,
      lines: own.map((l, i) => ({
        id: l.row.line_id,
        stored: l.row.stored_line_price_cents,
        priced: priced.lines[i]!,
      })),
    };
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
    const rows = headers
      .slice(i, i + CHUNK)
      .map(
        (p) =>
          sql`(cast(${p.header.id} as integer), cast(${p.totals.subTotalCents} as bigint), cast(${p.totals.taxCents} as bigint), cast(${p.totals.totalCents} as bigint))`,
      );
    await sql`
      with v (id, subtotal, tax, total) as (values ${sql.join(rows)})
      update ${sql.table(k.header)} set subtotal_cents = v.subtotal, tax_cents = v.tax, total_cents = v.total,
        priced_tax_rate = cast(${taxRate} as integer)
      from v where ${sql.ref(`${k.header}.id`)} = v.id`.execute(db);
  }
  const lines = priced.flatMap((p) => p.lines.filter((l) => Number(l.stored) !== l.priced.linePriceCents));
  for (let i = 0; i < lines.length; i += CHUNK) {
    const rows = lines
      .slice(i, i + CHUNK)
      .map((l) => sql`(cast(${l.id} as integer), cast(${l.priced.linePriceCents} as bigint))`);
    await sql`
      with v (id, price) as (values ${sql.join(rows)})
      update ${sql.table(k.parts)} set line_price_cents = v.price
      from v where ${sql.ref(`${k.parts}.id`)} = v.id`.execute(db);
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
      const some = productIds.slice(i, i + CHUNK);
      const rows = await docDb(db)
        .selectFrom(`${k.parts} as l`)
        .select(`l.${k.docFk} as doc_id`)
        .where('l.product_id', 'in', some)
        .union(
          docDb(db)
            .selectFrom(`${k.mods} as a`)
            .innerJoin('package_modifiers as m', 'm.id', 'a.package_modifier_id')
            .innerJoin(`${k.parts} as l`, 'l.id', `a.${k.partFk}`)
            .select(`l.${k.docFk} as doc_id`)
            .where('m.product_id', 'in', some),
        )
        .execute();
      for (const r of rows) ids.add(r.doc_id);
    }
    await storeTotals(db, k, [...ids], taxRate, { lock: true });
    count += ids.size;
  }
  return count;
}

/** After a package modifier's product or quantity changed: the documents it is applied to. */
export async function repriceForModifier(db: Db, modifierId: number, taxRate: number): Promise<void> {
  for (const k of Object.values(KINDS)) {
    const rows = await docDb(db)
      .selectFrom(`${k.mods} as a`)
      .innerJoin(`${k.parts} as l`, 'l.id', `a.${k.partFk}`)
      .select(`l.${k.docFk} as doc_id`)
      .distinct()
      .where('a.package_modifier_id', '=', modifierId)
      .execute();
    await storeTotals(
      db,
      k,
      rows.map((r) => r.doc_id),
      taxRate,
      { lock: true },
    );
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
      const rows = await docDb(db)
        .selectFrom(k.header)
        .select('id')
        .where((eb) => eb.or([eb('priced_tax_rate', 'is', null), eb('priced_tax_rate', '<>', taxRate)]))
        .orderBy('id')
        .limit(CHUNK)
        .execute();
      if (rows.length === 0) break;
      // As a cart write would: shared with the other documents' writes, their rows locked (another
      // instance may be serving meanwhile).
      await db.transaction().execute(async (trx) => {
        await pricingLock(trx, 'shared');
        await storeTotals(
          trx,
          k,
          rows.map((r) => r.id),
          taxRate,
          { lock: true },
        );
      });
      count += rows.length;
    }
  }
  return count;
}
