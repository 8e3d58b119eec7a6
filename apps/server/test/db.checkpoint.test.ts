/**
 * SQLite's checkpoints off the event loop (src/db/wal-checkpointer.ts,
 * docs/decisions/033-background-checkpoint.md): a worker thread with its own connection copies
 * the WAL back into the database file a moment after writes, so the commits of the server only
 * append, and the WAL starts again from its beginning once the worker has caught up. A real
 * SQLite file; the WAL file's size shows whether its frames were copied back.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite, sqliteHandle } from '../src/db/database.js';
import type { DB } from '../src/db/schema.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'desk-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** About 2,000 pages in 40 transactions: past SQLite's own mark (1,000 pages), below the safety net's (10,000). */
async function writePages(db: Kysely<DB>) {
  for (let i = 0; i < 40; i++) {
    await db.transaction().execute(async (trx) => {
      for (let j = 0; j < 50; j++) await sql`insert into t (v) values (${'x'.repeat(3000)})`.execute(trx);
    });
    await new Promise((r) => setImmediate(r));
  }
}

describe('checkpoints in a worker', () => {
  it('copies the WAL back after writes, so the next writes start it again, with a worker started again after one ended idle; closing ends the worker first', async () => {
    const file = path.join(dir, 'desk.sqlite');
    const wal = `${file}-wal`;
    // The worker ends 300 ms after its last checkpoint here (10 s in the app): each pause below
    // outlasts it, so each batch of writes is checkpointed by a worker started again.
    const database = openSqlite(file, { checkpointIdleMs: 300 });
    // SQLite's own checkpoint (run by a commit, on the event loop) only past the safety net.
    expect(sqliteHandle(database)!.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);
    await sql`create table t (id integer primary key, v text not null)`.execute(database.db);
    await writePages(database.db);
    const first = statSync(wal).size;
    expect(first).toBeGreaterThan(4_000_000);

    // The worker's checkpoint follows the writes. The same writes again then go to the start of
    // the WAL file: it stays its size. (With checkpoints left to SQLite's safety net, nothing
    // would be copied back below 10,000 pages and the file would double.)
    for (let round = 0; round < 2; round++) {
      await pause(1000);
      await writePages(database.db);
      expect(statSync(wal).size).toBeLessThan(first * 1.3);
    }
    const rows = await sql<{ n: number }>`select count(*) as n from t`.execute(database.db);
    expect(Number(rows.rows[0]!.n)).toBe(6000);

    // The worker's connection closes first: the last connection to close removes the WAL.
    await database.close();
    expect(existsSync(wal)).toBe(false);
  });
});
