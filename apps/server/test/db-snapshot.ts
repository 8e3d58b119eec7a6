/**
 * A fingerprint of everything the database holds: the row count of every table and a SHA-256 of
 * all rows (each row as JSON with sorted keys, rows sorted, tables in name order). Two equal
 * snapshots mean nothing was written; tests take one before and one after a refused request.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../src/db/database.js';

export interface DbSnapshot {
  counts: Record<string, number>;
  hash: string;
}

const tableLists = new WeakMap<Database, Promise<string[]>>();

/** Every table of the app (Kysely's own migration tables left out), read from the database itself. */
export function appTables(database: Database): Promise<string[]> {
  let tables = tableLists.get(database);
  if (!tables) {
    tables = database.db.introspection.getTables().then((ts) => ts.map((t) => t.name).sort());
    tableLists.set(database, tables);
  }
  return tables;
}

const canonical = (row: Record<string, unknown>) =>
  JSON.stringify(
    Object.keys(row)
      .sort()
      .map((k) => [k, row[k]]),
  );

export async function snapshotDb(database: Database, opts: { exclude?: readonly string[] } = {}): Promise<DbSnapshot> {
  const tables = (await appTables(database)).filter((t) => !opts.exclude?.includes(t));
  const rows = await Promise.all(
    tables.map(
      async (t) => (await sql<Record<string, unknown>>`select * from ${sql.table(t)}`.execute(database.db)).rows,
    ),
  );
  const hash = createHash('sha256');
  const counts: Record<string, number> = {};
  tables.forEach((t, i) => {
    const lines = rows[i]!.map(canonical).sort();
    counts[t] = lines.length;
    hash.update(`${t}\n${lines.join('\n')}\n`);
  });
  return { counts, hash: hash.digest('hex') };
}

/** What differs between two snapshots, for a readable failure message; '' when they are equal. */
export function snapshotDiff(before: DbSnapshot, after: DbSnapshot): string {
  if (before.hash === after.hash) return '';
  const changed = Object.keys({ ...before.counts, ...after.counts })
    .filter((t) => before.counts[t] !== after.counts[t])
    .map((t) => `${t}: ${before.counts[t]} -> ${after.counts[t]} rows`);
  return changed.length ? changed.join(', ') : 'same row counts, but row contents changed';
}
