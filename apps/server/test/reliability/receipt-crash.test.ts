/**
 * A receipt of 200 lines is one transaction (docs/stock.md): the REAL built server on SQLite is
 * killed with SIGKILL at seeded moments while it receives a 200-line vendor order, and after
 * every kill, before the restart, the database holds all of the receipt or none of it (every
 * line received once, its receipt and its 200 moves, or nothing), and the stock check recomputes
 * on hand from the ledger without a difference.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';
import { StockService } from '../../src/modules/stock/stock.service.js';
import { builtServerWithDemoSqlite, Client, reportFigures, rng, seedFromEnv, ServerProcess, sleep } from './harness.js';

const RUNS = Math.max(1, Number(process.env.RECEIPT_CRASH_RUNS ?? 4));
const SEED = seedFromEnv('RECEIPT_CRASH_SEED');
const LINES = 200;

describe('a 200-line receipt killed with SIGKILL (sqlite)', () => {
  let dir: string;
  let file: string;
  let setup: Database;

  beforeAll(async () => {
    ({ dir, file, database: setup } = await builtServerWithDemoSqlite('receipt-crash-'));
    await setup.close();
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** What the file holds of the vendor order's receipts: lines received, receipts, moves. */
  async function onDisk(vendorOrderId: number) {
    const database = openDatabase({ sqlitePath: file });
    try {
      const db = database.db;
      const lines = await db
        .selectFrom('vendor_order_lines')
        .select('received_quantity')
        .where('vendor_order_id', '=', vendorOrderId)
        .execute();
      const receipts = await db
        .selectFrom('vendor_receipts')
        .select('id')
        .where('vendor_order_id', '=', vendorOrderId)
        .execute();
      const moves = await db
        .selectFrom('stock_moves')
        .select('quantity')
        .where('ref_kind', '=', 'vendor-order')
        .where('ref_id', '=', vendorOrderId)
        .execute();
      const check = await new StockService(db, () => Date.now()).check();
      return {
        received: lines.map((l) => Number(l.received_quantity)),
        receipts: receipts.length,
        moved: moves.reduce((n, m) => n + Number(m.quantity), 0),
        moves: moves.length,
        mismatches: check.mismatches,
      };
    } finally {
      await database.close();
    }
  }

  it('leaves all of the receipt or none of it, every time', async () => {
    const random = rng(SEED);
    let server = await ServerProcess.start({ dataDir: dir });
    const client = new Client(`http://127.0.0.1:${server.port}`);
    await client.login();
    const parts: Array<{ id: number; isPackage: boolean }> = await client.data('GET', '/api/products/?kind=part');
    const vo = await client.data('POST', '/api/vendor-orders/create', { name: 'Crash pallet' });
    const lineIds: number[] = [];
    for (let i = 0; i < LINES; i++)
      lineIds.push(
        (
          await client.data('POST', `/api/vendor-orders/${vo.id}/lines`, {
            productId: parts[i % parts.length]!.id,
            quantity: 1000,
          })
        ).id,
      );
    const receiveAll = () =>
      client.send('POST', `/api/vendor-orders/${vo.id}/receive`, {
        lines: lineIds.map((lineId) => ({ lineId, quantity: 1 })),
      });
    // One receipt timed whole: the kills land from a fifth of its time to half again past it.
    const t0 = performance.now();
    const first = await receiveAll();
    expect(first.status, first.text).toBe(201);
    const took = performance.now() - t0;
    const outcomes = { whole: 0, none: 0, answered: 0 };
    const delays: number[] = [];
    let expected = 1;
    for (let run = 0; run < RUNS; run++) {
      const delay = Math.round(took * (0.2 + 1.3 * random.next()));
      delays.push(delay);
      const sent = client
        .send('POST', `/api/vendor-orders/${vo.id}/receive`, {
          lines: lineIds.map((lineId) => ({ lineId, quantity: 1 })),
        })
        .catch(() => null);
      await sleep(delay);
      server.child.kill('SIGKILL');
      await server.exited;
      const answer = await sent;
      if (answer?.status === 201) outcomes.answered++;
      const disk = await onDisk(vo.id);
      // All or nothing: every line received the same number of times, once per receipt on file.
      expect(
        new Set(disk.received).size,
        `run ${run}: lines received unevenly ${JSON.stringify(disk.received.slice(0, 5))}`,
      ).toBe(1);
      expect(disk.received[0]).toBe(disk.receipts);
      expect(disk.moves).toBe(LINES * disk.receipts);
      expect(disk.moved).toBe(LINES * disk.receipts);
      expect(disk.mismatches).toEqual([]);
      if (disk.receipts > expected) outcomes.whole++;
      else outcomes.none++;
      // An answered receipt is on disk (group commit answers after the fsync).
      if (answer?.status === 201) expect(disk.receipts).toBe(expected + 1);
      expected = disk.receipts;
      server = await ServerProcess.start({ dataDir: dir });
      client.reset(`http://127.0.0.1:${server.port}`);
      await client.login();
    }
    await server.stop();
    client.close();
    reportFigures('receipt crash', {
      runs: RUNS,
      seed: SEED,
      receiptMs: Math.round(took),
      delaysMs: delays,
      ...outcomes,
    });
    expect(outcomes.whole + outcomes.none).toBe(RUNS);
  }, 300_000);
});
