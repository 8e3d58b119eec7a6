/**
 * Two app instances on one PostgreSQL (docs/architecture.md section 8: instances keep no state of their own),
 * two REAL built server processes with their own DATA_DIR and one SESSION_SECRET, as behind a
 * load balancer:
 * - started at the same moment on an empty database: the migrations run once, one first
 *   administrator is made, both serve;
 * - a session cookie from one instance works on the other, and signing out on one ends it on both;
 * - concurrent bay moves (crossing ones included), clerks saving the same order with the same
 *   version, and Export to Order with one Idempotency-Key, split across both instances: never a
 *   5xx, one current load per bay, exactly one winner per version, exactly one exported order.
 * Needs TEST_DATABASE_URL: skipped loudly without it, and a failure under CI=true.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../src/cli/demo-data.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import {
  clearYard,
  Client,
  crossedSave,
  ensureBuilt,
  pickupOrders,
  reportFigures,
  rng,
  runPool,
  seedFromEnv,
  ServerProcess,
  tempDir,
  type Answer,
} from './harness.js';
import { pgAdminQuery } from '../support.js';
import { checkInvariants } from './invariants.js';
import { MIGRATION_NAMES } from '../../src/db/migrate.js';

const PG = process.env.TEST_DATABASE_URL;
const SEED = seedFromEnv('INSTANCES_SEED');
const BAY_MOVES = Math.max(200, Math.round(Number(process.env.BAY_MOVES ?? 1000) * 0.6));

if (!PG) {
  console.warn(
    '\n*** SKIPPED: two app instances on one PostgreSQL (TEST_DATABASE_URL is not set). ***\n' +
      '*** Enable: TEST_DATABASE_URL=postgres://USER@127.0.0.1:PORT/postgres               ***\n',
  );
}

describe('two app instances on one PostgreSQL', () => {
  it.runIf(!PG && !!process.env.CI)('needs TEST_DATABASE_URL under CI', () => {
    throw new Error('CI is set but TEST_DATABASE_URL is not: the two-instance test would be skipped.');
  });
});

describe.skipIf(!PG)('two app instances on one PostgreSQL (the built server)', () => {
  const name = `desk_inst_${randomBytes(5).toString('hex')}`;
  const url = (() => {
    const u = new URL(PG ?? 'postgres://localhost/x');
    u.pathname = `/${name}`;
    return u.toString();
  })();
  const dirs: string[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let database: Database;
  let db: Kysely<any>;
  const figures: Record<string, unknown> = { seed: SEED };

  const adminQuery = (q: string) => pgAdminQuery(PG!, q);

  beforeAll(async () => {
    ensureBuilt();
    dirs.push(tempDir('desk-inst-a-'), tempDir('desk-inst-b-'));
    await adminQuery(`create database ${name}`);
  }, 240_000);

  afterAll(async () => {
    await a?.stop('SIGKILL');
    await b?.stop('SIGKILL');
    await database?.close();
    await adminQuery(`drop database if exists ${name} with (force)`);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    if (figures.requests) reportFigures('instances-postgres', figures);
  });

  it('start together on an empty database: migrations once, one administrator, both serve', async () => {
    [a, b] = await Promise.all([
      ServerProcess.start({ dataDir: dirs[0]!, databaseUrl: url }),
      ServerProcess.start({ dataDir: dirs[1]!, databaseUrl: url }),
    ]);
    database = openDatabase({ databaseUrl: url, poolSize: 3 });
    db = database.db as Kysely<any>;
    expect((await sql<any>`select count(*) as n from users`.execute(db)).rows[0].n).toBe(1);
    expect((await sql<any>`select count(*) as n from kysely_migration`.execute(db)).rows[0].n).toBe(
      MIGRATION_NAMES.length,
    );
    // Exactly one of them says it made the administrator.
    expect([a.output, b.output].filter((o) => o.includes('First administrator created'))).toHaveLength(1);
    for (const s of [a, b]) {
      const c = new Client(s.url);
      expect((await c.send('GET', '/api/health')).status).toBe(200);
      c.close();
    }
  }, 60_000);

  it('a session from one instance works on the other; signing out on one ends it on both', async () => {
    const onA = new Client(a.url);
    await onA.login();
    const onB = new Client(b.url);
    onB.cookie = onA.cookie;
    expect((await onB.send('GET', '/api/users/getUsersList')).status).toBe(200);
    expect((await onB.send('POST', '/api/logout')).status).toBe(200);
    expect((await onA.send('GET', '/api/users/getUsersList')).status).toBe(401);
    onA.close();
    onB.close();
  });

  it('bay moves, same-version saves and exports split across both instances: never a 5xx, the invariants hold', async () => {
    await loadDemoData(database.db);
    const admin = new Client(a.url);
    await admin.login();
    const customers = (await sql<any>`select id from customers order by id`.execute(db)).rows.map((r) => r.id);
    const mod = (
      await sql<any>`select id, package_id from package_modifiers where category <> 'LiftNotes' and product_id is not null
                     order by id limit 1`.execute(db)
    ).rows[0];
    // Eight clerks; each request goes to A or B in turn, with the clerk's one session.
    const clerks: [Client, Client][] = [];
    for (let i = 0; i < 8; i++) {
      await admin.data('POST', '/api/users/addNewUser', { username: `clerk${i}`, password: `Staff-key-${i}-lantern` });
      const ca = new Client(a.url, 8);
      await ca.login(`clerk${i}`, `Staff-key-${i}-lantern`);
      const cb = new Client(b.url, 8);
      cb.cookie = ca.cookie;
      clerks.push([ca, cb]);
    }
    const via = (i: number) => clerks[i % clerks.length]![Math.floor(i / clerks.length) % 2]!;
    const orders: number[] = [];
    for (let i = 0; i < 40; i++) {
      const o = await via(i).data('POST', '/api/orders/create', {
        customer: customers[i % customers.length],
        jobName: `Two ${i}`,
        orderPickup: true,
      });
      orders.push(o.id);
    }

    const random = rng(SEED);
    const codes: Record<string, Record<number, number>> = { A: {}, B: {} };
    const tally = (client: Client, res: Answer) => {
      const side = client.base === a.url ? 'A' : 'B';
      codes[side]![res.status] = (codes[side]![res.status] ?? 0) + 1;
      return res;
    };
    const row = (id: number, bay = random.int(1, 8)) => {
      const y = random.next();
      if (y < 0.7) return { id, current_load: true, loading_bay: bay };
      if (y < 0.85) return { id, current_load: false, loading_bay: null };
      return { id, current_load: false, loading_bay: bay };
    };
    const tasks: (() => Promise<Answer>)[] = [];
    for (let i = 0; i < BAY_MOVES; i++) {
      const c = via(i);
      const x = random.next();
      const [p, q] = [random.pick(orders), random.pick(orders)];
      if (x < 0.6 || p === q)
        tasks.push(() => c.send('PUT', '/api/orders/updateChosenJob', [row(p)]).then((r) => tally(c, r)));
      else if (x < 0.85) {
        // Two orders into two bays, and often the very bays another save is filling the other way round.
        const bay = random.int(1, 7);
        const rows = random.chance(0.5)
          ? [
              { id: p, current_load: true, loading_bay: bay },
              { id: q, current_load: true, loading_bay: bay + 1 },
            ]
          : [
              { id: p, current_load: true, loading_bay: bay + 1 },
              { id: q, current_load: true, loading_bay: bay },
            ];
        tasks.push(() => c.send('PUT', '/api/orders/updateChosenJob', rows).then((r) => tally(c, r)));
      } else tasks.push(() => c.send('PUT', '/api/orders/chooseGarageBayOrder', [row(p)]).then((r) => tally(c, r)));
    }
    // Two clerks, one on each instance, saving the same order with the same version, 30 times (on
    // orders out of the yard: a bay move is a change too, and would make both saves stale).
    const races: { winners: number; losers: number }[] = [];
    const office: number[] = [];
    for (let i = 0; i < 30; i++) {
      office.push(
        (
          await via(i).data('POST', '/api/orders/create', {
            customer: customers[i % customers.length],
            jobName: `Office ${i}`,
          })
        ).id,
      );
    }
    for (let r = 0; r < 30; r++) {
      const id = office[r]!;
      tasks.push(async () => {
        const [ca, cb] = clerks[r % clerks.length]!;
        const order = await ca.data('GET', `/api/orders/${id}`);
        const [x, y] = await Promise.all([
          ca.send('PUT', `/api/orders/update/${id}`, { ...order, poNumber: `A-${r}` }).then((res) => tally(ca, res)),
          cb
            .send('PUT', `/api/orders/update/${id}`, { ...order, specialInstructions: `B-${r}` })
            .then((res) => tally(cb, res)),
        ]);
        races.push({
          winners: [x, y].filter((s) => s.status === 200).length,
          losers: [x, y].filter((s) => s.status === 409).length,
        });
        return x;
      });
    }
    // Export to Order of one quote, twenty times at once with one key, across both instances.
    const quote = await via(0).data('POST', '/api/quotes/create', {
      customer: customers[0],
      jobName: 'Two-instance export',
    });
    const line = await via(1).data('POST', `/api/quote-parts/create/${quote.id}`, {
      product: mod.package_id,
      quantity: 1,
    });
    await via(2).data('POST', `/api/quotes/package-modifiers/upsert/${line.id}`, { id: mod.id, inches: '6' });
    const exports: Answer[] = [];
    for (let i = 0; i < 20; i++) {
      // One clerk's retries, split across both instances: a key belongs to the user who sent it.
      const c = clerks[0]![i % 2]!;
      tasks.push(async () => {
        const res = await c.send('POST', `/api/orders/create-from-quote/${quote.id}`, undefined, {
          'idempotency-key': `two-${SEED}`,
        });
        exports.push(tally(c, res));
        return res;
      });
    }
    // Shuffle (seeded) and run 32 at a time.
    for (let i = tasks.length - 1; i > 0; i--) {
      const j = random.int(0, i);
      [tasks[i], tasks[j]] = [tasks[j]!, tasks[i]!];
    }
    const started = Date.now();
    await runPool(tasks, 32);
    const durationMs = Date.now() - started;

    const statuses = Object.values(codes).flatMap((c) => Object.keys(c).map(Number));
    expect(
      statuses.filter((s) => s >= 500),
      JSON.stringify(codes),
    ).toEqual([]);
    expect(
      statuses.every((s) => s === 200 || s === 201 || s === 409),
      JSON.stringify(codes),
    ).toBe(true);
    expect(
      races.every((r) => r.winners === 1 && r.losers === 1),
      JSON.stringify(races),
    ).toBe(true);
    expect(exports.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(exports.map((r) => r.body.data.id)).size).toBe(1);
    expect(
      (await sql<any>`select count(*) as n from orders where source_quote_id = ${quote.id}`.execute(db)).rows[0].n,
    ).toBe(1);
    expect(await checkInvariants(db)).toEqual([]);
    for (const pair of clerks) for (const c of pair) c.close();
    admin.close();
    Object.assign(figures, {
      requests: tasks.length,
      bayMoves: BAY_MOVES,
      versionRaces: races.length,
      exports: 20,
      codes,
      durationMs,
    });
  }, 120_000);

  it("waves of clerks moving orders into each other's bays, one on each instance: no deadlock", async () => {
    const admin = new Client(a.url);
    await admin.login();
    const onB = new Client(b.url, 16);
    onB.cookie = admin.cookie;
    const onA = new Client(a.url, 16);
    onA.cookie = admin.cookie;
    const customer = (await sql<any>`select min(id) as id from customers`.execute(db)).rows[0].id;
    const dataA = onA.data.bind(onA);
    const orders = await pickupOrders(dataA, [customer], 'Wave', 32);
    const codes: Record<number, number> = {};
    for (let round = 0; round < 10; round++) {
      await clearYard(dataA);
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, i) => {
          // The two saves of a pair go to different instances and fill the same two bays the other way round.
          return (i % 2 ? onA : onB).send('PUT', '/api/orders/updateChosenJob', crossedSave(orders, i));
        }),
      );
      for (const r of results) codes[r.status] = (codes[r.status] ?? 0) + 1;
      expect(results.filter((r) => r.status !== 200 && r.status !== 409).map((r) => `${r.status} ${r.text}`)).toEqual(
        [],
      );
    }
    expect(await checkInvariants(db)).toEqual([]);
    expect(codes[200]).toBeGreaterThanOrEqual(40);
    figures.crossingWaves = { requests: 160, codes };
    for (const c of [admin, onA, onB]) c.close();

    // Both stop cleanly.
    expect(await a.stop('SIGTERM')).toMatchObject({ code: 0 });
    expect(await b.stop('SIGTERM')).toMatchObject({ code: 0 });
  }, 60_000);
});
