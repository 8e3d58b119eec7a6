/**
 * Opens the database: SQLite (better-sqlite3) by default, PostgreSQL (pg) when DATABASE_URL is
 * postgres://. SQLite gets the pragmas of docs/architecture.md section 8, and write transactions that take
 * the lock up front (BEGIN IMMEDIATE), so two writers never deadlock on a lock upgrade.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type Transaction,
  type TransactionBuilder,
  type SqliteDatabase,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { foldForSearch } from '@desk/domain';
import type { DB } from './schema.js';
import { WalCheckpointer } from './wal-checkpointer.js';
import { WalDurability } from './wal-durability.js';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /**
   * Refreshes SQLite's planner statistics (PRAGMA optimize): `afterOpen` once the migrations ran
   * (new indexes, grown tables), else the periodic one; PostgreSQL's autovacuum does this itself.
   */
  optimize(when?: 'afterOpen'): void;
  /**
   * A connection of its own for one long read (an export streaming a whole list,
   * docs/architecture.md section 14), so the clerks' queries are not held behind it: SQLite's one
   * connection is held by a stream until it ends, and a pooled PostgreSQL connection would be
   * taken from the pool for as long. Close it when the read ends.
   */
  openReader(): Reader;
  /**
   * Resolves once every write made so far is on disk: SQLite's group commit (wal-durability.ts),
   * awaited before any answer leaves the server; PostgreSQL's COMMIT has waited already.
   */
  durable(): Promise<void>;
  close(): Promise<void>;
}

/** A read-only connection of its own (SQLite: its own snapshot under WAL; PostgreSQL: outside the pool). */
export interface Reader {
  db: Kysely<DB>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  sqlitePath?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

export function openDatabase(opts: DatabaseOptions): Database {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10);
  if (!opts.sqlitePath) throw new Error('openDatabase needs a databaseUrl or a sqlitePath');
  return openSqlite(opts.sqlitePath);
}

export interface SqliteOptions {
  /** The WAL's disk wait (fsync); the group-commit test slows it down to see who waits for it. */
  sync?: (fd: number) => Promise<void>;
  /** How long the checkpoint worker waits for a write before it ends (the test shortens it). */
  checkpointIdleMs?: number;
}

export function openSqlite(file: string, options: SqliteOptions = {}): Database {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // The commit's disk wait is ours, shared by the commits made meanwhile, off the event loop
  // (wal-durability.ts); an answer still waits for it, so an acknowledged write is as durable
  // as under synchronous=FULL (docs/architecture.md section 8).
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 16 MB of pages: the lists' indexes and the pages in use; the operating system's file cache
  // holds the rest of the file (docs/performance.md, "Server memory").
  sqlite.pragma('cache_size = -16000');
  sqlite.pragma('temp_store = MEMORY');
  addFold(sqlite);
  const onDisk = file !== ':memory:';
  const durability = onDisk ? new WalDurability(`${file}-wal`, options.sync) : null;
  // Checkpoints run in a worker (wal-checkpointer.ts); SQLite's own, in a commit, only past a
  // higher mark, should the worker fall behind.
  const checkpointer = onDisk ? new WalCheckpointer(file, options.checkpointIdleMs) : null;
  if (checkpointer) sqlite.pragma(`wal_autocheckpoint = ${SAFETY_NET_CHECKPOINT_PAGES}`);
  const statements = cachingStatements(sqlite, STATEMENT_CACHE_SIZE, durability, () => checkpointer?.wrote());
  const dialect = new ImmediateSqliteDialect({ database: statements });
  const db = new Kysely<DB>({ dialect });
  const database: Database = {
    db,
    kind: 'sqlite',
    optimize(when) {
      sqlite.pragma(when === 'afterOpen' ? 'optimize=0x10002' : 'optimize');
    },
    openReader() {
      // An in-memory database has no second connection: the reader is the one connection.
      if (file === ':memory:') return { db, close: async () => {} };
      const reader = new SQLite(file, { readonly: true, fileMustExist: true });
      reader.pragma('busy_timeout = 5000');
      reader.pragma('cache_size = -8000');
      addFold(reader);
      const readerDb = new Kysely<DB>({ dialect: new SqliteDialect({ database: reader }) });
      return { db: readerDb, close: () => readerDb.destroy() };
    },
    durable: () => durability?.durable() ?? Promise.resolve(),
    async close() {
      await durability?.durable().catch(() => {});
      await checkpointer?.close();
      await db.destroy();
      durability?.close();
    },
  };
  sqliteHandles.set(database, sqlite);
  return database;
}

/**
 * The raw SQLite handle of each database opened here. It stays inside db/ (the bulk writer) and
 * the tests that read SQLite's own tables: everything else writes through Kysely, so every commit
 * is seen by the group commit (docs/decisions/022-group-commit.md). The lint forbids importing
 * sqliteHandle or the drivers outside db/ (eslint.config.js).
 */
const sqliteHandles = new WeakMap<Database, SQLite.Database>();

/** The raw SQLite handle of `database`; null on PostgreSQL. */
export function sqliteHandle(database: Database): SQLite.Database | null {
  return sqliteHandles.get(database) ?? null;
}

export function openPostgres(url: string, poolSize: number): Database {
  // COUNT(*) and other int8 results arrive as strings by default; our counts fit in a double.
  pg.types.setTypeParser(20, (v) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries report their own errors.
  });
  // cursor: Kysely's stream() reads a long result in chunks (the export).
  const db = new RetryingKysely({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
  return {
    db,
    kind: 'postgres',
    optimize() {},
    openReader() {
      const readerPool = new pg.Pool({ connectionString: url, max: 1 });
      readerPool.on('error', () => {
        // The read reports its own error.
      });
      const readerDb = new Kysely<DB>({ dialect: new PostgresDialect({ pool: readerPool, cursor: Cursor }) });
      return { db: readerDb, close: () => readerDb.destroy() };
    },
    durable: () => Promise.resolve(),
    async close() {
      await db.destroy();
    },
  };
}

/** fold(text): the same case- and accent-folding as PostgreSQL's fold() (migration 2026112203). */
function addFold(sqlite: SQLite.Database) {
  sqlite.function('fold', { deterministic: true }, (v: unknown) => (typeof v === 'string' ? foldForSearch(v) : v));
}

/** SQLite calls transaction control read-only; a COMMIT still writes (the transaction's end). */
const COMMIT = /^\s*(commit|end)\b/i;

/** WAL pages past which a commit checkpoints itself (SQLite's default is 1,000): the worker's is the usual one. */
const SAFETY_NET_CHECKPOINT_PAGES = 10_000;

/** Statements kept by SQL text: the queries of the app are a few hundred texts at most. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew (parse and plan in SQLite, a new statement
 * object in better-sqlite3): about a fifth of a write request's CPU. The app runs the same few
 * hundred SQL texts with different parameters, so each prepared statement is kept by its text
 * (least recently used dropped first). A statement still busy (an unfinished iterate()) is never
 * handed out twice: a fresh one is prepared for that call.
 */
export function cachingStatements(
  sqlite: SQLite.Database,
  size = STATEMENT_CACHE_SIZE,
  durability: WalDurability | null = null,
  wrote: () => void = () => {},
): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  // Kysely prepares a statement and runs it in the same tick: a write is noted just before it runs.
  const noted = (stmt: SQLite.Statement, sql: string) => {
    if (!stmt.readonly || COMMIT.test(sql)) {
      durability?.noteWrite();
      wrote();
    }
    return stmt;
  };
  return {
    prepare(sql: string) {
      const hit = kept.get(sql);
      if (hit && !hit.busy) {
        kept.delete(sql);
        kept.set(sql, hit);
        return noted(hit, sql);
      }
      const stmt = noted(sqlite.prepare(sql), sql);
      if (!hit) {
        kept.set(sql, stmt);
        if (kept.size > size) kept.delete(kept.keys().next().value!);
      }
      return stmt;
    },
    close() {
      kept.clear();
      sqlite.close();
    },
  };
}

class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const inner = super.createDriver();
    return new Proxy(inner, {
      get(target, prop, receiver) {
        if (prop === 'beginTransaction') {
          return async (connection: DatabaseConnection, _settings: TransactionSettings) => {
            await connection.executeQuery(CompiledQuery.raw('begin immediate'));
          };
        }
        const value = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }
}

/** PostgreSQL's codes for a transaction it aborted to let another go on: serialization failure, deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);
const RETRIES = 4;

/**
 * On PostgreSQL, a transaction that loses a deadlock (or a serialization conflict) is aborted and
 * rolled back whole; PostgreSQL's advice is to run it again. Every transaction here is a function
 * of the database and its request (nothing outside the database happens inside one), so it is run
 * again, up to RETRIES more times after a short random pause, and the clerk gets the answer rather
 * than a 503 "The database is busy" (docs/architecture.md section 8).
 */
class RetryingKysely extends Kysely<DB> {
  override transaction(): TransactionBuilder<DB> {
    const builder = super.transaction();
    const execute = builder.execute.bind(builder);
    builder.execute = async <T>(callback: (trx: Transaction<DB>) => Promise<T>): Promise<T> => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await execute(callback);
        } catch (e) {
          const code = (e as { code?: unknown }).code;
          if (attempt >= RETRIES || typeof code !== 'string' || !RETRYABLE.has(code)) throw e;
          await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * (attempt + 1)));
        }
      }
    };
    return builder;
  }
}

/** A PostgreSQL connection for LISTEN and its notifications. */
export type ListenConnection = pg.Client;

/**
 * A connection of its own on the same DATABASE_URL, outside the pool, for LISTEN (the live event
 * bus, modules/events): a pooled connection would be handed to other queries between
 * notifications. This file is the one place that opens database connections.
 */
export function openListenConnection(url: string): ListenConnection {
  return new pg.Client({ connectionString: url });
}
