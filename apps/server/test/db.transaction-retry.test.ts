/**
 * PostgreSQL ends a deadlock by aborting one of the transactions (40P01). The database layer runs
 * an aborted transaction again, whole, so the clerk whose save lost the deadlock gets the answer,
 * not "The database is busy" (a 503). Two transactions lock two rows in opposite order, 10 pairs
 * (2 pairs at a time: each transaction holds one of the test pool's 5 connections while it waits for its partner):
 * every one commits, and each change is there once.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from './support.js';

const pg = engines().includes('postgres');

describe.skipIf(!pg)('transactions retried after a PostgreSQL deadlock', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb('postgres');
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('10 pairs, each locking its two rows in opposite order: every transaction commits once', async () => {
    const db = t.database.db;
    let runs = 0;
    // Each transaction appends its mark to both of its pair's rows; it holds the first until the
    // partner holds the other, so every pair deadlocks and one of the two must be run again.
    const move = (first: number, second: number, mark: string, ready: Promise<void>, holding: () => void) =>
      db.transaction().execute(async (trx) => {
        runs++;
        await sql`update product_types set type = type || ${mark} where id = ${first}`.execute(trx);
        holding();
        await ready;
        await sql`update product_types set type = type || ${mark} where id = ${second}`.execute(trx);
      });
    const pair = async (i: number) => {
      const [a, b] = await Promise.all(
        ['A', 'B'].map(
          async (side) =>
            (
              await db
                .insertInto('product_types')
                .values({ type: `Deadlock ${i}${side} ` })
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id,
        ),
      );
      let one!: () => void;
      let two!: () => void;
      const oneHolds = new Promise<void>((r) => (one = r));
      const twoHolds = new Promise<void>((r) => (two = r));
      await Promise.all([move(a!, b!, '<a>', twoHolds, one), move(b!, a!, '<b>', oneHolds, two)]);
      const rows = await db.selectFrom('product_types').select('type').where('id', 'in', [a!, b!]).execute();
      // Both transactions' marks, once each, on both rows.
      for (const row of rows) expect(row.type.match(/<[ab]>/g)?.sort()).toEqual(['<a>', '<b>']);
    };
    for (let i = 0; i < 10; i += 2) await Promise.all([pair(i), pair(i + 1)]);
    // Every pair deadlocked once: 20 transactions, 10 of them run again.
    expect(runs).toBe(30);
  });
});
