/**
 * Concurrency, in process on both engines (engines()): requests fired all at once through the
 * real app, on a real database, against the demo data.
 * - clerks saving the same order with the same version: exactly one wins (200), the others get
 *   409 and change nothing; the loser reloads and saves again, so nothing is lost;
 * - 1,000 concurrent conflicting bay moves (updateChosenJob, many orders competing for the same
 *   bays, mixed with Choose Garage Bay and order saves): never a 5xx, only 200 or 409, and
 *   afterwards at most one current load per bay, and the pickup list says what the table holds;
 * - 20 concurrent Export to Order of one quote with the same Idempotency-Key, and 20 concurrent
 *   creates with one key: exactly one order each, every answer naming it.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../src/cli/demo-data.js';
import { createTestApp, engines, json, type TestApp } from '../support.js';
import { clearYard, crossedSave, pickupOrders, reportFigures, rng, seedFromEnv } from './harness.js';
import { checkInvariants } from './invariants.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const SEED = seedFromEnv('CONCURRENCY_SEED');
const BAY_MOVES = Number(process.env.BAY_MOVES ?? 1000);

describe.each(engines())('concurrency (%s)', (engine) => {
  let t: TestApp;
  let db: Kysely<any>;
  const clerks: string[] = [];
  let customers: number[] = [];
  let pkg: { id: number; modifier: number };
  const figures: Record<string, unknown> = { engine, seed: SEED };

  const send = (cookie: string, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const data = async (method: Method, url: string, payload?: unknown, cookie = clerks[0]!) => {
    const r = await send(cookie, method, url, payload);
    if (r.statusCode >= 300) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body}`);
    return json(r).data;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    db = t.db.database.db as Kysely<any>;
    await loadDemoData(t.db.database.db);
    for (let i = 0; i < 6; i++) clerks.push(await t.staff(`clerk${i}`));
    customers = (await sql<any>`select id from customers order by id`.execute(db)).rows.map((r) => r.id);
    const m = (
      await sql<any>`select m.id, m.package_id from package_modifiers m where m.category <> 'LiftNotes'
                     and m.product_id is not null order by m.id limit 1`.execute(db)
    ).rows[0];
    pkg = { id: m.package_id, modifier: m.id };
  }, 120_000);

  afterAll(async () => {
    if (engine === engines().at(-1) || figures.bayMoves) reportFigures(`concurrency-${engine}`, figures);
    await t?.close();
  });

  it('two (and twenty) clerks saving one order with one version: one 200, the rest 409, nothing lost', async () => {
    let pairs = 0;
    for (let round = 0; round < 10; round++) {
      const order = await data('POST', '/api/orders/create', {
        customer: customers[round % customers.length],
        jobName: `Race ${round}`,
      });
      const [a, b] = await Promise.all([
        send(clerks[0]!, 'PUT', `/api/orders/update/${order.id}`, { ...order, poNumber: `PO-A-${round}` }),
        send(clerks[1]!, 'PUT', `/api/orders/update/${order.id}`, { ...order, specialInstructions: `B ${round}` }),
      ]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes, `${a.body} / ${b.body}`).toEqual([200, 409]);
      pairs++;
      const winner = a.statusCode === 200 ? 'A' : 'B';
      const loser = winner === 'A' ? b : a;
      expect(json(loser).message).toMatch(/changed by someone else/);
      const saved = await data('GET', `/api/orders/${order.id}`);
      expect(saved.version).toBe(order.version + 1);
      // The winner's change is in; the loser's is not (409 changed nothing).
      if (winner === 'A')
        expect([saved.poNumber, saved.specialInstructions]).toEqual([`PO-A-${round}`, order.specialInstructions]);
      else expect([saved.poNumber, saved.specialInstructions]).toEqual([order.poNumber, `B ${round}`]);
      // The loser reloads and saves its change on top: both are kept.
      const again =
        winner === 'A'
          ? await data(
              'PUT',
              `/api/orders/update/${order.id}`,
              { ...saved, specialInstructions: `B ${round}` },
              clerks[1],
            )
          : await data('PUT', `/api/orders/update/${order.id}`, { ...saved, poNumber: `PO-A-${round}` }, clerks[0]);
      expect([again.poNumber, again.specialInstructions, again.version]).toEqual([
        `PO-A-${round}`,
        `B ${round}`,
        order.version + 2,
      ]);
    }
    // Twenty at once on one version.
    const order = await data('POST', '/api/orders/create', { customer: customers[0], jobName: 'Crowd' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(clerks[i % clerks.length]!, 'PUT', `/api/orders/update/${order.id}`, { ...order, poNumber: `PO-${i}` }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const winner = results.findIndex((r) => r.statusCode === 200);
    const saved = await data('GET', `/api/orders/${order.id}`);
    expect([saved.poNumber, saved.version]).toEqual([`PO-${winner}`, order.version + 1]);
    figures.versionRaces = { pairs, pairConflicts: pairs, crowd: 20, crowdConflicts: 19 };
  });

  it(`${BAY_MOVES} concurrent conflicting bay moves: never a 5xx, one current load per bay`, async () => {
    const random = rng(SEED);
    const orders = await pickupOrders(data, customers, 'Yard', 40);
    const row = (id: number) => {
      const y = random.next();
      if (y < 0.7) return { id, current_load: true, loading_bay: random.int(1, 8) };
      if (y < 0.85) return { id, current_load: false, loading_bay: null };
      return { id, current_load: false, loading_bay: random.int(1, 8) };
    };
    const requests = Array.from({ length: BAY_MOVES }, (_, i) => {
      const cookie = clerks[i % clerks.length]!;
      const x = random.next();
      const a = random.pick(orders);
      if (x < 0.7) return () => send(cookie, 'PUT', '/api/orders/updateChosenJob', [row(a)]);
      if (x < 0.85) {
        const b = random.pick(orders.filter((o) => o !== a));
        return () => send(cookie, 'PUT', '/api/orders/updateChosenJob', [row(a), row(b)]);
      }
      if (x < 0.93) return () => send(cookie, 'PUT', '/api/orders/chooseGarageBayOrder', [row(a)]);
      // A clerk's save of the same order, without a version (the loaders' grid keeps no version).
      return () =>
        send(cookie, 'PUT', `/api/orders/update/${a}`, { customer: customers[0], jobName: `Yard saved ${i}` });
    });
    const started = Date.now();
    const results = await Promise.all(requests.map((r) => r()));
    const durationMs = Date.now() - started;
    const codes: Record<number, number> = {};
    for (const r of results) codes[r.statusCode] = (codes[r.statusCode] ?? 0) + 1;
    const bad = results.filter((r) => r.statusCode !== 200 && r.statusCode !== 409);
    expect(bad.map((r) => `${r.statusCode} ${r.body}`).slice(0, 5), JSON.stringify(codes)).toEqual([]);
    expect(await checkInvariants(db)).toEqual([]);
    // The pickup list (what the Grid Manager shows) is what the table holds.
    const list = await data('GET', '/api/orders/list/pickup_ready');
    const table = (
      await sql<any>`select id, loading_bay, current_load from orders where order_pickup = 1 order by id`.execute(db)
    ).rows;
    expect(list.map((o: any) => [o.id, o.loading_bay || null, o.current_load])).toEqual(
      table.map((o) => [o.id, o.loading_bay || null, o.current_load === 1]),
    );
    const loads = table.filter((o) => o.current_load === 1).length;
    expect(codes[200]).toBeGreaterThan(0);
    figures.bayMoves = { requests: BAY_MOVES, codes, durationMs, currentLoadsAfter: loads };
  }, 120_000);

  it("clerks moving two orders into each other's bays at once: no deadlock, never a 5xx", async () => {
    // Regression: on PostgreSQL, save A (order 1 -> bay 1, order 2 -> bay 2) and save B (order 3 ->
    // bay 2, order 4 -> bay 1) waited on each other's uncommitted loads: a deadlock, answered 503.
    const orders = await pickupOrders(data, customers, 'Cross', 32);
    const codes: Record<number, number> = {};
    for (let round = 0; round < 10; round++) {
      await clearYard(data);
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          send(clerks[i % clerks.length]!, 'PUT', '/api/orders/updateChosenJob', crossedSave(orders, i)),
        ),
      );
      for (const r of results) codes[r.statusCode] = (codes[r.statusCode] ?? 0) + 1;
      expect(results.filter((r) => r.statusCode !== 200 && r.statusCode !== 409).map((r) => r.body)).toEqual([]);
      expect(await checkInvariants(db)).toEqual([]);
    }
    expect(codes[200]).toBeGreaterThanOrEqual(40); // each round, at least one save per pair of bays wins
    figures.crossingMoves = { requests: 160, codes };
  }, 60_000);

  it('20 concurrent exports of one quote (and 20 creates) with one Idempotency-Key make exactly one order', async () => {
    const quote = await data('POST', '/api/quotes/create', { customer: customers[1], jobName: 'Export race' });
    const line = await data('POST', `/api/quote-parts/create/${quote.id}`, { product: pkg.id, quantity: 2 });
    await data('POST', `/api/quotes/package-modifiers/upsert/${line.id}`, { id: pkg.modifier, inches: '12' });
    await data('PUT', `/api/quote-parts/update/${line.id}/price-override`, { priceOverride: 2100.5 });
    const key = `export-race-${engine}-${SEED}`;
    // One clerk's retries: a key belongs to the user who sent it (another clerk's request with it
    // is that clerk's own; app.idempotency-keys.test.ts).
    const exports = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(clerks[0]!, 'POST', `/api/orders/create-from-quote/${quote.id}`, undefined, {
          'idempotency-key': key,
        }),
      ),
    );
    expect(exports.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const ids = new Set(exports.map((r) => json(r).data.id));
    expect(ids.size).toBe(1);
    const made = (await sql<any>`select id from orders where source_quote_id = ${quote.id}`.execute(db)).rows;
    expect(made.map((r) => r.id)).toEqual([...ids]);
    const lines = await data('GET', `/api/order-parts/${made[0].id}`);
    expect(lines).toHaveLength(1);
    expect((await data('GET', `/api/orders/${made[0].id}`)).totals.subTotal).toBe(2100.5);

    const createKey = `create-race-${engine}-${SEED}`;
    const creates = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(
          clerks[1 % clerks.length]!,
          'POST',
          '/api/orders/create',
          { customer: customers[2], jobName: createKey },
          { 'idempotency-key': createKey },
        ),
      ),
    );
    expect(creates.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(creates.map((r) => json(r).data.id)).size).toBe(1);
    expect((await sql<any>`select count(*) as n from orders where job_name = ${createKey}`.execute(db)).rows[0].n).toBe(
      1,
    );
    expect(await checkInvariants(db)).toEqual([]);
    figures.idempotency = { exports: 20, ordersMade: made.length, creates: 20, createdOrders: 1 };
  });
});
