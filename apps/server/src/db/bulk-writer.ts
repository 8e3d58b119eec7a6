/**
 * Fast bulk inserts for large data sets: prepared statements in one transaction on SQLite,
 * multi-row INSERTs in batches on PostgreSQL. Rows carry their ids, so the caller decides them.
 */
import type SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { sqliteHandle, type Database } from './database.js';
import type { DB } from './schema.js';
import { DROP_FTS_SAMPLES } from './migrations/2026112830_find_fts_statistics.js';

export type Value = string | number | null;

/** Rows given as records (one shape), turned into the column list and value arrays insert takes. */
export function columnsOf(records: ReadonlyArray<Record<string, Value>>): { columns: string[]; rows: Value[][] } {
  const columns = records.length ? Object.keys(records[0]!) : [];
  return { columns, rows: records.map((r) => columns.map((c) => r[c] ?? null)) };
}

export interface BulkWriter {
  insert(table: string, columns: readonly string[], rows: Iterable<Value[]>): Promise<number>;
  /** Inserts records of one shape (their keys are the columns). */
  insertRecords(table: string, records: ReadonlyArray<Record<string, Value>>): Promise<number>;
  /** Runs fn in one transaction (SQLite) or as-is (PostgreSQL batches commit as they go). */
  run<T>(fn: () => Promise<T>): Promise<T>;
  finish(tables: readonly string[]): Promise<void>;
}

export function bulkWriter(database: Database): BulkWriter {
  const sqlite = sqliteHandle(database);
  const w = sqlite ? sqliteWriter(sqlite) : pgWriter(database.db);
  return {
    ...w,
    async insertRecords(table, records) {
      if (!records.length) return 0;
      const { columns, rows } = columnsOf(records);
      return w.insert(table, columns, rows);
    },
  };
}

function sqliteWriter(db: SQLite.Database): Omit<BulkWriter, 'insertRecords'> {
  const statements = new Map<string, SQLite.Statement>();
  return {
    async insert(table, columns, rows) {
      const key = `${table}(${columns.join(',')})`;
      let stmt = statements.get(key);
      if (!stmt) {
        stmt = db.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`);
        statements.set(key, stmt);
      }
      let n = 0;
      for (const r of rows) {
        stmt.run(r);
        n++;
      }
      return n;
    },
    async run(fn) {
      db.exec('begin immediate');
      try {
        const out = await fn();
        db.exec('commit');
        return out;
      } catch (e) {
        db.exec('rollback');
        throw e;
      }
    },
    async finish() {
      // Each FTS5 index as one b-tree, as the server keeps them (SearchService.compactIndexes).
      const fts = db
        .prepare(
          `select name from sqlite_schema where type = 'table' and sql like 'create virtual table % using fts5%'`,
        )
        .pluck()
        .all() as string[];
      for (const name of fts) db.exec(`insert into ${name}(${name}) values ('optimize')`);
      db.exec('analyze');
      // Without the FTS5 indexes' STAT4 samples, which this ANALYZE has just written again: with
      // them every trigram lookup of Find is prepared anew (migration 2026112830 says why).
      db.exec(DROP_FTS_SAMPLES);
    },
  };
}

function pgWriter(db: Kysely<DB>): Omit<BulkWriter, 'insertRecords'> {
  return {
    async insert(table, columns, rows) {
      const perBatch = Math.max(1, Math.floor(30000 / columns.length));
      let batch: Value[][] = [];
      let n = 0;
      const flush = async () => {
        if (!batch.length) return;
        const values = sql.join(batch.map((r) => sql`(${sql.join(r.map((v) => sql`${v}`))})`));
        await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${values}`.execute(
          db,
        );
        n += batch.length;
        batch = [];
      };
      for (const r of rows) {
        batch.push(r);
        if (batch.length >= perBatch) await flush();
      }
      await flush();
      return n;
    },
    async run(fn) {
      return fn();
    },
    async finish(tables) {
      for (const t of tables) {
        await sql`select setval(pg_get_serial_sequence(${t}, 'id'), coalesce((select max(id) from ${sql.table(t)}), 0) + 1, false)`.execute(
          db,
        );
      }
      await sql`analyze`.execute(db);
    },
  };
}
