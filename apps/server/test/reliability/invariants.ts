/**
 * What must hold in the database whatever happened to the server (crash, race, restore), on
 * both engines, and the API-level check that a document's totals are what the pricing module
 * makes of its lines.
 */
import { createHash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { isPackageType, multiplierToScaled, priceDocument, rateToScaled, toCents, type LineInput } from '@desk/domain';
import type { Client } from './harness.js';

type AnyDb = Kysely<any>;

async function rows<T = any>(db: AnyDb, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await query.execute(db)).rows as T[];
}

/**
 * The database-wide invariants; answers the problems found (empty: all hold).
 * - at most one current load per bay, and a current load is in a bay;
 * - every applied modifier has exactly one MOD sub-part on its line, and no MOD sub-part is
 *   without its applied modifier (orders and quotes);
 * - no Idempotency-Key row is left half-written;
 * - `wholeLinesLike`: the package lines of the documents whose job name starts with this
 *   prefix carry exactly their package's associated parts as ASSOC_PART sub-parts (the load
 *   that made them never edits sub-parts, so a difference means a line was saved in part).
 */
export async function checkInvariants(db: AnyDb, opts: { wholeLinesLike?: string } = {}): Promise<string[]> {
  const problems: string[] = [];
  const bays = await rows(
    db,
    sql`select loading_bay, count(*) as n from orders where current_load = 1 and loading_bay > 0
        group by loading_bay having count(*) > 1`,
  );
  for (const b of bays) problems.push(`bay ${b.loading_bay} has ${b.n} current loads`);
  const stray = await rows(
    db,
    sql`select id from orders where current_load = 1 and (loading_bay is null or loading_bay = 0)`,
  );
  for (const o of stray) problems.push(`order ${o.id} is a current load in no bay`);

  for (const kind of ['order', 'quote'] as const) {
    const mods = sql.table(`${kind}_part_modifiers`);
    const subs = sql.table(`${kind}_sub_parts`);
    const fk = sql.ref(`${kind}_part_id`);
    const lonelyMods = await rows(
      db,
      sql`select a.id from ${mods} a where (select count(*) from ${subs} s
            where s.applied_modifier_id = a.id and s.source = 'MOD' and s.${fk} = a.${fk}) <> 1`,
    );
    for (const m of lonelyMods) problems.push(`${kind} applied modifier ${m.id} has no (or several) MOD sub-parts`);
    const orphanSubs = await rows(
      db,
      sql`select s.id from ${subs} s where s.source = 'MOD' and (s.applied_modifier_id is null or not exists
            (select 1 from ${mods} a where a.id = s.applied_modifier_id and a.${fk} = s.${fk}))`,
    );
    for (const s of orphanSubs) problems.push(`${kind} MOD sub-part ${s.id} has no applied modifier`);
  }

  const halfKeys = await rows(
    db,
    sql`select scope, ${sql.ref('key')} as k from idempotency_keys where status_code = 0`,
  );
  for (const k of halfKeys) problems.push(`Idempotency-Key ${k.scope}/${k.k} is half-written`);

  if (opts.wholeLinesLike !== undefined) {
    const assoc = await rows(db, sql`select package_id, child_id, quantity from associated_parts`);
    const expected = new Map<number, string[]>();
    for (const a of assoc)
      expected.set(a.package_id, [...(expected.get(a.package_id) ?? []), `${a.child_id}x${a.quantity}`]);
    const lines = await rows(
      db,
      sql`select l.id, l.product_id, t.type from order_parts l join orders o on o.id = l.order_id
          join products p on p.id = l.product_id left join product_types t on t.id = p.product_type_id
          where o.job_name like ${`${opts.wholeLinesLike}%`}`,
    );
    const subs = await rows(
      db,
      sql`select s.order_part_id, s.product_id, s.quantity from order_sub_parts s join order_parts l on l.id = s.order_part_id
          join orders o on o.id = l.order_id where s.source = 'ASSOC_PART' and o.job_name like ${`${opts.wholeLinesLike}%`}`,
    );
    const got = new Map<number, string[]>();
    for (const s of subs)
      got.set(s.order_part_id, [...(got.get(s.order_part_id) ?? []), `${s.product_id}x${s.quantity}`]);
    for (const l of lines) {
      const want = isPackageType(l.type) ? [...(expected.get(l.product_id) ?? [])].sort().join(',') : '';
      const have = [...(got.get(l.id) ?? [])].sort().join(',');
      if (want !== have)
        problems.push(`order line ${l.id} (product ${l.product_id}) has sub-parts [${have}], expected [${want}]`);
    }
  }
  return problems;
}

/** SQLite's own checks of a database file: integrity_check and foreign_key_check. */
export function sqliteFileChecks(file: string): string[] {
  const db = new SQLite(file);
  try {
    const problems: string[] = [];
    const integrity = db.pragma('integrity_check') as { integrity_check: string }[];
    if (integrity.length !== 1 || integrity[0]!.integrity_check !== 'ok') {
      problems.push(`integrity_check: ${integrity.map((r) => r.integrity_check).join('; ')}`);
    }
    const fks = db.pragma('foreign_key_check') as unknown[];
    if (fks.length) problems.push(`foreign_key_check: ${JSON.stringify(fks.slice(0, 5))}`);
    return problems;
  } finally {
    db.close();
  }
}

export interface TableSnapshot {
  counts: Record<string, number>;
  /** SHA-256 per table, over its rows as JSON with sorted keys, rows sorted. */
  hashes: Record<string, string>;
}

/** Row counts and checksums of every table of an SQLite file, read-only. */
export function snapshotSqliteFile(file: string): TableSnapshot {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const tables = (
      db
        .prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`)
        .all() as {
        name: string;
      }[]
    ).map((t) => t.name);
    // The FTS5 indexes' shadow tables are left out: they hold the index's b-trees, whose layout
    // changes when the server merges them (SearchService.compactIndexes, at every start) while
    // the rows they index stay the same; the FTS5 tables themselves are compared (one row each
    // indexed row).
    const fts = (
      db
        .prepare(
          `select name from sqlite_master where type = 'table' and sql like 'create virtual table % using fts5%'`,
        )
        .all() as { name: string }[]
    ).map((t) => t.name);
    const shadows = new Set(fts.flatMap((t) => ['_data', '_idx', '_config', '_docsize', '_content'].map((x) => t + x)));
    const counts: Record<string, number> = {};
    const hashes: Record<string, string> = {};
    for (const t of tables.filter((name) => !shadows.has(name))) {
      const lines = (db.prepare(`select * from "${t}"`).all() as Record<string, unknown>[])
        .map((r) =>
          JSON.stringify(
            Object.keys(r)
              .sort()
              .map((k) => [k, r[k]]),
          ),
        )
        .sort();
      counts[t] = lines.length;
      hashes[t] = createHash('sha256').update(lines.join('\n')).digest('hex');
    }
    return { counts, hashes };
  } finally {
    db.close();
  }
}

/** The tables whose count or checksum differ, for a readable failure message. */
export function snapshotDifferences(a: TableSnapshot, b: TableSnapshot): string[] {
  const out: string[] = [];
  for (const t of new Set([...Object.keys(a.counts), ...Object.keys(b.counts)])) {
    if (a.counts[t] !== b.counts[t]) out.push(`${t}: ${a.counts[t]} rows vs ${b.counts[t]}`);
    else if (a.hashes[t] !== b.hashes[t]) out.push(`${t}: same ${a.counts[t]} rows, different contents`);
  }
  return out;
}

/**
 * A document through the API: GET orders/{id} totals must equal priceDocument (the domain's one
 * pricing module) over GET order-parts/{id}; each package line's modifier cost must be the sum
 * of its applied modifiers, each of which has its MOD sub-part. Answers the problems found.
 */
export async function checkDocumentViaApi(client: Client, orderId: number, taxRate: number): Promise<string[]> {
  const problems: string[] = [];
  const header = await client.data('GET', `/api/orders/${orderId}`);
  const lines = await client.data<any[]>('GET', `/api/order-parts/${orderId}`);
  const inputs: LineInput[] = lines.map((l) => ({
    quantity: l.quantity,
    priceOverrideCents: l.priceOverride === null ? null : toCents(l.priceOverride),
    wholesalePriceCents: toCents(l.pricingInfo.baseProductCost),
    multiplierCategory: l.pricingInfo.baseProductMultiplierCategory,
    productTypeName: l.product.productType?.type ?? null,
    modifiers: [{ modifierCostIncreaseCents: toCents(l.modCostIncrease), quantity: 1 }],
  }));
  const { lines: priced, totals } = priceDocument(
    inputs,
    {
      multipliers: {
        opener: multiplierToScaled(header.openerMultiplierCopy),
        residential: multiplierToScaled(header.residentialMultiplierCopy),
        sectional: multiplierToScaled(header.sectionalMultiplierCopy),
        commercial: multiplierToScaled(header.commercialMultiplierCopy),
      },
      useTax: header.useTax,
      priceLooseParts: header.priceLooseParts === true,
    },
    rateToScaled(taxRate),
  );
  const stored = header.totals;
  const recomputed = {
    subTotal: totals.subTotalCents / 100,
    tax: totals.taxCents / 100,
    total: totals.totalCents / 100,
  };
  if (JSON.stringify(stored) !== JSON.stringify(recomputed)) {
    problems.push(
      `order ${orderId}: totals ${JSON.stringify(stored)} but its lines price to ${JSON.stringify(recomputed)}`,
    );
  }
  lines.forEach((l, i) => {
    if (toCents(l.linePrice) !== priced[i]!.linePriceCents) {
      problems.push(
        `order ${orderId} line ${l.id}: linePrice ${l.linePrice}, recomputed ${priced[i]!.linePriceCents / 100}`,
      );
    }
  });
  for (const l of lines.filter((x) => x.pricingInfo.isPackage)) {
    const applied = await client.data<any[]>('GET', `/api/orders/package-modifiers/${l.id}`);
    const cost = applied.reduce(
      (s, a) => s + toCents(a.assocProduct?.modifierCostIncrease ?? 0) * a.assocPackageModifier.quantity,
      0,
    );
    if (cost !== toCents(l.modCostIncrease)) {
      problems.push(
        `order ${orderId} line ${l.id}: modCostIncrease ${l.modCostIncrease}, its modifiers add ${cost / 100}`,
      );
    }
    const subs = await client.data<any[]>('GET', `/api/order-parts/sub-parts/${l.id}`);
    const modSubs = subs.filter((s) => s.source === 'MOD').map((s) => s.appliedModifierId as number);
    const appliedIds = applied.map((a) => a.id as number);
    if ([...modSubs].sort().join() !== [...appliedIds].sort().join()) {
      problems.push(`order ${orderId} line ${l.id}: MOD sub-parts [${modSubs}] but applied modifiers [${appliedIds}]`);
    }
  }
  return problems;
}
