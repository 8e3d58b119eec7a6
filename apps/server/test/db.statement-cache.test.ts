/**
 * The SQLite statement cache under Kysely (apps/server/src/db/database.ts): a query's text is
 * prepared once, a busy statement is never handed out twice, and the cache stays bounded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { cachingStatements, openSqlite, sqliteHandle, type Database } from '../src/db/database.js';

const dirs: string[] = [];
const opened: Database[] = [];
afterEach(async () => {
  for (const d of opened.splice(0)) await d.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function countingPrepares(sqlite: SQLite.Database) {
  const texts: string[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((text: string) => {
    texts.push(text);
    return prepare(text);
  }) as typeof sqlite.prepare;
  return texts;
}

describe('SQLite statement cache', () => {
  it('prepares each query text once, however often Kysely runs it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'desk-stmt-'));
    dirs.push(dir);
    const database = openSqlite(path.join(dir, 'desk.sqlite'));
    opened.push(database);
    const texts = countingPrepares(sqliteHandle(database)!);
    const { db } = database;
    await sql`create table t (id integer primary key, v text)`.execute(db);
    for (let i = 0; i < 20; i++) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('t' as never)
          .values({ v: `row ${i}` } as never)
          .execute();
      });
    }
    const rows = await db
      .selectFrom('t' as never)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(rows).toEqual({ n: 20 });
    const inserts = texts.filter((t) => t.startsWith('insert into "t"'));
    expect(inserts).toHaveLength(1);
    expect(texts.filter((t) => t === 'begin immediate')).toHaveLength(1);
    expect(texts.filter((t) => t === 'commit')).toHaveLength(1);
  });

  it('answers a second query while a stream of the same text is still open', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'desk-stmt-'));
    dirs.push(dir);
    const sqlite = new SQLite(path.join(dir, 'x.sqlite'));
    const cached = cachingStatements(sqlite);
    sqlite.exec('create table t (id integer primary key); insert into t values (1), (2), (3);');
    const first = cached.prepare('select id from t order by id');
    const iter = (first as SQLite.Statement).iterate() as IterableIterator<{ id: number }>;
    expect(iter.next().value).toEqual({ id: 1 });
    // The same text while the first is mid-iteration: a statement of its own, not the busy one.
    const second = cached.prepare('select id from t order by id');
    expect(second).not.toBe(first);
    iter.return?.();
    expect(cached.prepare('select id from t order by id')).toBe(first);
    cached.close();
  });

  it('keeps at most the given number of statements, dropping the least recently used', () => {
    const sqlite = new SQLite(':memory:');
    const cached = cachingStatements(sqlite, 2);
    const a = cached.prepare('select 1');
    const b = cached.prepare('select 2');
    expect(cached.prepare('select 1')).toBe(a); // 'select 2' is now the least recently used
    cached.prepare('select 3');
    expect(cached.prepare('select 1')).toBe(a);
    expect(cached.prepare('select 2')).not.toBe(b);
    cached.close();
  });
});
