/**
 * Crashes: the REAL built server (node apps/server/dist/main.js) on SQLite, under a write load
 * from several clerks at once, killed with SIGKILL at random (seeded) moments, CRASH_RUNS times
 * (5 in the normal suite, 25 in `npm run test:stress`; CRASH_SEED replays a run). After every
 * kill, before the restart, the database file must pass:
 * - PRAGMA integrity_check and foreign_key_check;
 * - every write the server acknowledged (a 2xx the client received) is there, exactly: orders,
 *   lines, quantities, price overrides, applied modifiers, bay assignments, PO numbers; the only
 *   differences allowed are the one request per clerk that was in flight at the kill, which is
 *   there whole or not at all;
 * - no partial lines: each package line carries all its associated parts, each applied modifier
 *   its MOD sub-part, and no MOD sub-part is left without its modifier;
 * - at most one current load per bay;
 * and after the restart: a create that was in flight is retried with its Idempotency-Key and
 * answers the order that was made (never a second one); the totals of GET orders/{id} equal the
 * domain's priceDocument over GET order-parts/{id}; sessions survived (the clerks never sign in
 * again).
 */
import { rmSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPackageType } from '@desk/domain';
import { openDatabase } from '../../src/db/database.js';
import {
  Client,
  builtServerWithDemoSqlite,
  reportFigures,
  RequestFailed,
  rng,
  seedFromEnv,
  ServerProcess,
  type Answer,
  type Rng,
} from './harness.js';
import { checkDocumentViaApi, checkInvariants, sqliteFileChecks } from './invariants.js';

const RUNS = Math.max(1, Number(process.env.CRASH_RUNS ?? 5));
const SEED = seedFromEnv('CRASH_SEED');
const CLERKS = 4;
const PREFIX = 'crash c';
/** Orders checked through the API after each restart (all of them after the last one). */
const API_SAMPLE = 15;

interface Catalog {
  customers: number[];
  packages: Map<number, { id: number; category: string }[]>;
  parts: number[];
}

interface LineM {
  id: number;
  productId: number;
  isPackage: boolean;
  quantity: number;
  override: number | null;
  /** package modifier id -> applied modifier id */
  mods: Map<number, number>;
}

interface OrderM {
  id: number;
  jobName: string;
  po: string | null;
  pickup: boolean;
  bay: number | null;
  load: boolean;
  lines: Map<number, LineM>;
}

type BayRow = { id: number; bay: number | null; load: boolean };
type Pending =
  | { op: 'create'; jobName: string; key: string; body: unknown }
  | { op: 'addLine'; orderId: number; productId: number; quantity: number }
  | { op: 'deleteLine'; orderId: number; lineId: number }
  | { op: 'quantity'; orderId: number; lineId: number; quantity: number }
  | { op: 'override'; orderId: number; lineId: number; cents: number | null }
  | { op: 'applyMod'; orderId: number; lineId: number; modifierId: number }
  | { op: 'removeMod'; orderId: number; lineId: number; modifierId: number }
  | { op: 'bay'; rows: BayRow[] }
  | { op: 'save'; orderId: number; po: string };

interface Clerk {
  n: number;
  client: Client;
  random: Rng;
  orders: Map<number, OrderM>;
  pending: Pending | null;
  touched: Set<number>;
  jobs: number;
}

const stats = {
  kills: 0,
  requests: 0,
  ackedWrites: 0,
  conflicts409: 0,
  inFlightAtKill: 0,
  inFlightFoundCommitted: 0,
  inFlightFoundAbsent: 0,
  factsChecked: 0,
  apiDocumentChecks: 0,
  createRetries: 0,
  createRetriesReplayed: 0,
  byOp: {} as Record<string, number>,
};

// ---------------------------------------------------------------------------------------------
// The database as the clerks' model sees it
// ---------------------------------------------------------------------------------------------

async function readOrders(db: Kysely<any>, prefix: string): Promise<Map<number, OrderM>> {
  const like = `${prefix}%`;
  const orders = (
    await sql<any>`select id, job_name, po_number, order_pickup, loading_bay, current_load from orders
                   where job_name like ${like} order by id`.execute(db)
  ).rows;
  const out = new Map<number, OrderM>();
  for (const o of orders) {
    out.set(o.id, {
      id: o.id,
      jobName: o.job_name,
      po: o.po_number,
      pickup: o.order_pickup === 1,
      bay: o.loading_bay || null,
      load: o.current_load === 1,
      lines: new Map(),
    });
  }
  const lines = (
    await sql<any>`select l.id, l.order_id, l.product_id, l.quantity, l.price_override, t.type from order_parts l
                   join orders o on o.id = l.order_id join products p on p.id = l.product_id
                   left join product_types t on t.id = p.product_type_id where o.job_name like ${like}`.execute(db)
  ).rows;
  const byId = new Map<number, LineM>();
  for (const l of lines) {
    const line: LineM = {
      id: l.id,
      productId: l.product_id,
      isPackage: isPackageType(l.type),
      quantity: l.quantity,
      override: l.price_override,
      mods: new Map(),
    };
    byId.set(l.id, line);
    out.get(l.order_id)!.lines.set(l.id, line);
  }
  const mods = (
    await sql<any>`select a.id, a.order_part_id, a.package_modifier_id from order_part_modifiers a
                   join order_parts l on l.id = a.order_part_id join orders o on o.id = l.order_id
                   where o.job_name like ${like}`.execute(db)
  ).rows;
  for (const m of mods) byId.get(m.order_part_id)!.mods.set(m.package_modifier_id, m.id);
  return out;
}

/**
 * Compares what a clerk was told (its model) with the database: every acknowledged write must be
 * there; the one request in flight at the kill may be there, whole, or not at all.
 */
function compare(clerk: Clerk, db: Map<number, OrderM>): { problems: string[]; pendingCommitted: boolean | null } {
  const p = clerk.pending;
  const problems: string[] = [];
  let pendingCommitted: boolean | null = p ? false : null;
  const fact = () => stats.factsChecked++;
  for (const o of clerk.orders.values()) {
    const d = db.get(o.id);
    fact();
    if (!d) {
      problems.push(`clerk ${clerk.n}: acknowledged order ${o.id} (${o.jobName}) is missing`);
      continue;
    }
    fact();
    if (d.jobName !== o.jobName) problems.push(`order ${o.id}: job name ${d.jobName}, acknowledged ${o.jobName}`);
    fact();
    if (d.po !== o.po) {
      if (p?.op === 'save' && p.orderId === o.id && d.po === p.po) pendingCommitted = true;
      else problems.push(`order ${o.id}: PO ${d.po}, acknowledged ${o.po}`);
    }
    fact();
    if (d.bay !== o.bay || d.load !== o.load) {
      const row = p?.op === 'bay' ? p.rows.find((r) => r.id === o.id) : undefined;
      if (row && d.bay === row.bay && d.load === (row.load && row.bay !== null)) pendingCommitted = true;
      else problems.push(`order ${o.id}: bay ${d.bay}/${d.load}, acknowledged ${o.bay}/${o.load}`);
    }
    for (const l of o.lines.values()) {
      const dl = d.lines.get(l.id);
      fact();
      if (!dl) {
        if (p?.op === 'deleteLine' && p.lineId === l.id) pendingCommitted = true;
        else problems.push(`order ${o.id}: acknowledged line ${l.id} is missing`);
        continue;
      }
      fact();
      if (dl.productId !== l.productId)
        problems.push(`line ${l.id}: product ${dl.productId}, acknowledged ${l.productId}`);
      fact();
      if (dl.quantity !== l.quantity) {
        if (p?.op === 'quantity' && p.lineId === l.id && dl.quantity === p.quantity) pendingCommitted = true;
        else problems.push(`line ${l.id}: quantity ${dl.quantity}, acknowledged ${l.quantity}`);
      }
      fact();
      if (dl.override !== l.override) {
        if (p?.op === 'override' && p.lineId === l.id && dl.override === p.cents) pendingCommitted = true;
        else problems.push(`line ${l.id}: override ${dl.override}, acknowledged ${l.override}`);
      }
      for (const [modifierId, appliedId] of l.mods) {
        fact();
        const got = dl.mods.get(modifierId);
        if (got === appliedId) continue;
        if (got === undefined && p?.op === 'removeMod' && p.lineId === l.id && p.modifierId === modifierId)
          pendingCommitted = true;
        else
          problems.push(
            `line ${l.id}: acknowledged modifier ${modifierId} (applied ${appliedId}) is ${got ?? 'missing'}`,
          );
      }
      for (const modifierId of dl.mods.keys()) {
        if (l.mods.has(modifierId)) continue;
        if (p?.op === 'applyMod' && p.lineId === l.id && p.modifierId === modifierId) pendingCommitted = true;
        else problems.push(`line ${l.id}: modifier ${modifierId} applied, never acknowledged`);
      }
    }
    for (const dl of d.lines.values()) {
      if (o.lines.has(dl.id)) continue;
      if (p?.op === 'addLine' && p.orderId === o.id && dl.productId === p.productId && dl.quantity === p.quantity) {
        if (pendingCommitted) problems.push(`order ${o.id}: more than one unacknowledged line`);
        pendingCommitted = true;
      } else problems.push(`order ${o.id}: line ${dl.id} was never acknowledged`);
    }
  }
  if (p?.op === 'bay' && p.rows.length > 1) {
    // A move of two orders is all or nothing.
    const moved = p.rows.every((r) => db.get(r.id)?.bay === r.bay && db.get(r.id)?.load === (r.load && r.bay !== null));
    const unmoved = p.rows.every((r) => {
      const m = clerk.orders.get(r.id)!;
      return db.get(r.id)?.bay === m.bay && db.get(r.id)?.load === m.load;
    });
    if (!moved && !unmoved) problems.push(`bay move ${JSON.stringify(p.rows)} was saved in part`);
  }
  const names = new Set<string>();
  for (const d of db.values()) {
    if (names.has(d.jobName)) problems.push(`two orders named ${d.jobName}`);
    names.add(d.jobName);
    if (clerk.orders.has(d.id)) continue;
    if (p?.op === 'create' && d.jobName === p.jobName && d.lines.size === 0) pendingCommitted = true;
    else problems.push(`order ${d.id} (${d.jobName}) was never acknowledged`);
  }
  return { problems, pendingCommitted };
}

// ---------------------------------------------------------------------------------------------
// The clerks' work
// ---------------------------------------------------------------------------------------------

interface Op {
  pending: Pending;
  send(): Promise<Answer>;
  acked(res: Answer): void;
}

function chooseOp(c: Clerk, catalog: Catalog): Op | (() => Promise<Op | null>) {
  const r = c.random;
  const all = [...c.orders.values()];
  const x = r.next();
  if (all.length < 2 || x < 0.12) {
    const jobName = `${PREFIX}${c.n} #${++c.jobs}`;
    const pickup = r.chance(0.7);
    const body = {
      customer: { id: r.pick(catalog.customers) },
      jobName,
      poNumber: `PO-${c.jobs}`,
      orderPickup: pickup,
    };
    const key = `crash-${SEED}-${c.n}-${c.jobs}`;
    return {
      pending: { op: 'create', jobName, key, body },
      send: () => c.client.send('POST', '/api/orders/create', body, { 'idempotency-key': key }),
      acked: (res) => {
        const id = res.body.data.id as number;
        c.orders.set(id, { id, jobName, po: body.poNumber, pickup, bay: null, load: false, lines: new Map() });
        c.touched.add(id);
      },
    };
  }
  const o = all[all.length - 1 - r.int(0, Math.min(all.length - 1, 7))]!;
  const lines = [...o.lines.values()];
  const touch = () => c.touched.add(o.id);
  if (x < 0.4 || lines.length === 0) {
    const pkg = r.chance(0.6);
    const productId = pkg ? r.pick([...catalog.packages.keys()]) : r.pick(catalog.parts);
    const quantity = r.int(1, 4);
    return {
      pending: { op: 'addLine', orderId: o.id, productId, quantity },
      send: () => c.client.send('POST', `/api/order-parts/create/${o.id}`, { product: { id: productId }, quantity }),
      acked: (res) => {
        const id = res.body.data.id as number;
        o.lines.set(id, { id, productId, isPackage: pkg, quantity, override: null, mods: new Map() });
        touch();
      },
    };
  }
  if (x < 0.55) {
    const free = lines.flatMap((l) =>
      l.isPackage
        ? catalog.packages
            .get(l.productId)!
            .filter((m) => !l.mods.has(m.id))
            .map((m) => ({ l, m }))
        : [],
    );
    if (free.length) {
      const { l, m } = r.pick(free);
      const body = { id: m.id, notes: `crash ${c.n}`, ...(m.category === 'Lift' ? { inches: '24' } : {}) };
      return {
        pending: { op: 'applyMod', orderId: o.id, lineId: l.id, modifierId: m.id },
        send: () => c.client.send('POST', `/api/orders/package-modifiers/upsert/${l.id}`, body),
        acked: (res) => {
          l.mods.set(m.id, res.body.data.id);
          touch();
        },
      };
    }
  }
  if (x < 0.6) {
    const applied = lines.flatMap((l) => [...l.mods].map(([modifierId, appliedId]) => ({ l, modifierId, appliedId })));
    if (applied.length) {
      const { l, modifierId, appliedId } = r.pick(applied);
      return {
        pending: { op: 'removeMod', orderId: o.id, lineId: l.id, modifierId },
        send: () => c.client.send('DELETE', `/api/orders/package-modifiers/delete/${appliedId}`),
        acked: () => {
          l.mods.delete(modifierId);
          touch();
        },
      };
    }
  }
  if (x < 0.7) {
    const l = r.pick(lines);
    const cents = r.chance(0.2) ? null : r.int(100, 900_000);
    return {
      pending: { op: 'override', orderId: o.id, lineId: l.id, cents },
      send: () =>
        c.client.send('PUT', `/api/order-parts/update/${l.id}/price-override`, {
          priceOverride: cents === null ? null : cents / 100,
        }),
      acked: () => {
        l.override = cents;
        touch();
      },
    };
  }
  if (x < 0.75) {
    const l = r.pick(lines);
    const quantity = r.int(1, 9);
    return {
      pending: { op: 'quantity', orderId: o.id, lineId: l.id, quantity },
      send: () => c.client.send('PUT', `/api/order-parts/update/${l.id}`, { quantity }),
      acked: () => {
        l.quantity = quantity;
        touch();
      },
    };
  }
  if (x < 0.79) {
    const l = r.pick(lines);
    return {
      pending: { op: 'deleteLine', orderId: o.id, lineId: l.id },
      send: () => c.client.send('DELETE', `/api/order-parts/delete/${l.id}`),
      acked: () => {
        o.lines.delete(l.id);
        touch();
      },
    };
  }
  const pickup = all.filter((q) => q.pickup);
  if (x < 0.95 && pickup.length) {
    const chosen = r.chance(0.2) && pickup.length > 1 ? [r.pick(pickup), r.pick(pickup)] : [r.pick(pickup)];
    const rows: BayRow[] = [...new Set(chosen)].map((q) => {
      const y = r.next();
      if (y < 0.65) return { id: q.id, bay: r.int(1, 8), load: true };
      if (y < 0.85) return { id: q.id, bay: null, load: false };
      return { id: q.id, bay: r.int(1, 8), load: false };
    });
    const body = rows.map((row) => ({ id: row.id, current_load: row.load, loading_bay: row.bay }));
    return {
      pending: { op: 'bay', rows },
      send: () => c.client.send('PUT', '/api/orders/updateChosenJob', body),
      acked: () => {
        for (const row of rows) {
          const q = c.orders.get(row.id)!;
          q.bay = row.bay;
          q.load = row.load && row.bay !== null;
          c.touched.add(q.id);
        }
      },
    };
  }
  // A clerk's save: open the order (GET), send it back with a new PO and the version it had.
  return async () => {
    const res = await c.client.send('GET', `/api/orders/${o.id}`);
    stats.requests++;
    if (res.status !== 200) throw new Error(`GET order ${o.id}: ${res.status} ${res.text}`);
    const h = res.body.data;
    const po = `PO-${c.n}-${r.int(1, 1e6)}`;
    const body = { customer: { id: h.customer.id }, jobName: h.jobName, poNumber: po, version: h.version };
    return {
      pending: { op: 'save', orderId: o.id, po },
      send: () => c.client.send('PUT', `/api/orders/update/${o.id}`, body),
      acked: () => {
        o.po = po;
        touch();
      },
    };
  };
}

async function work(c: Clerk, catalog: Catalog, stop: { now: boolean; killedAt: number | null }, failures: string[]) {
  while (!stop.now) {
    let op: Op | null;
    try {
      const chosen = chooseOp(c, catalog);
      op = typeof chosen === 'function' ? await chosen() : chosen;
    } catch (e) {
      if (e instanceof RequestFailed && stop.killedAt !== null) return; // a read cut by the kill
      throw e;
    }
    if (!op) continue;
    c.pending = op.pending;
    let res: Answer;
    try {
      stats.requests++;
      res = await op.send();
    } catch (e) {
      if (!(e instanceof RequestFailed)) throw e;
      if (stop.killedAt === null) failures.push(`clerk ${c.n}: ${e.message} while the server was up`);
      return; // in flight at the kill: stays pending
    }
    c.pending = null;
    if (res.status >= 200 && res.status < 300) {
      op.acked(res);
      stats.ackedWrites++;
      stats.byOp[op.pending.op] = (stats.byOp[op.pending.op] ?? 0) + 1;
    } else if (res.status === 409) {
      stats.conflicts409++;
    } else {
      failures.push(`clerk ${c.n}: ${op.pending.op} answered ${res.status} ${res.text}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------

describe('crash safety: SIGKILL under write load (SQLite, the built server)', () => {
  let dataDir: string;
  let file: string;
  let server: ServerProcess | null = null;
  let catalog: Catalog;
  let taxRate: number;
  const clerks: Clerk[] = [];

  beforeAll(async () => {
    const demo = await builtServerWithDemoSqlite('desk-crash-');
    ({ dir: dataDir, file } = demo);
    const database = demo.database;
    const db = database.db as Kysely<any>;
    const packages = new Map<number, { id: number; category: string }[]>();
    const products = (
      await sql<any>`select p.id, t.type from products p left join product_types t on t.id = p.product_type_id`.execute(
        db,
      )
    ).rows;
    for (const p of products) if (isPackageType(p.type)) packages.set(p.id, []);
    const mods = (
      await sql<any>`select id, package_id, category from package_modifiers
                     where category <> 'LiftNotes' and product_id is not null order by id`.execute(db)
    ).rows;
    for (const m of mods) packages.get(m.package_id)?.push({ id: m.id, category: m.category });
    catalog = {
      customers: (await sql<any>`select id from customers`.execute(db)).rows.map((r) => r.id),
      packages,
      parts: products.filter((p) => !isPackageType(p.type)).map((p) => p.id),
    };
    await database.close();

    server = await ServerProcess.start({ dataDir });
    const admin = new Client(server.url);
    await admin.login();
    taxRate = (await admin.data('GET', '/api/config')).taxRate;
    const random = rng(SEED);
    for (let n = 1; n <= CLERKS; n++) {
      await admin.data('POST', '/api/users/addNewUser', { username: `clerk${n}`, password: `Staff-key-${n}-lantern` });
      const client = new Client(server.url);
      await client.login(`clerk${n}`, `Staff-key-${n}-lantern`);
      clerks.push({
        n,
        client,
        random: rng(random.int(1, 2 ** 30)),
        orders: new Map(),
        pending: null,
        touched: new Set(),
        jobs: 0,
      });
    }
    admin.close();
  }, 240_000);

  afterAll(async () => {
    for (const c of clerks) c.client.close();
    await server?.stop('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    `keeps every acknowledged write and no partial one across ${RUNS} SIGKILLs (seed ${SEED})`,
    async () => {
      const started = Date.now();
      const random = rng(SEED ^ 0x5eed);
      const apiProblems: string[] = [];
      for (let run = 1; run <= RUNS; run++) {
        // 1. Load, then SIGKILL at a random moment.
        const stop = { now: false, killedAt: null as number | null };
        const failures: string[] = [];
        const loops = clerks.map((c) => work(c, catalog, stop, failures));
        await new Promise((r) => setTimeout(r, random.int(250, 1500)));
        stop.now = true;
        server!.child.kill('SIGKILL');
        stop.killedAt = Date.now();
        await Promise.all(loops);
        const exit = await server!.exited;
        expect(exit.signal, 'the server died by our SIGKILL').toBe('SIGKILL');
        stats.kills++;
        expect(failures, `run ${run}: requests failed while the server was up`).toEqual([]);

        // 2. The file as the crash left it: SQLite's checks, the invariants, every acknowledged write.
        const problems = sqliteFileChecks(file);
        const database = openDatabase({ sqlitePath: file });
        try {
          problems.push(...(await checkInvariants(database.db as Kysely<any>, { wholeLinesLike: PREFIX })));
          for (const c of clerks) {
            const state = await readOrders(database.db as Kysely<any>, `${PREFIX}${c.n} #`);
            const { problems: found, pendingCommitted } = compare(c, state);
            problems.push(...found);
            if (c.pending) {
              stats.inFlightAtKill++;
              if (pendingCommitted) stats.inFlightFoundCommitted++;
              else stats.inFlightFoundAbsent++;
            }
            c.orders = state; // what is in the database is now what the clerk builds on
          }
        } finally {
          await database.close();
        }
        expect(problems, `run ${run} (seed ${SEED}): the database after the kill`).toEqual([]);

        // 3. Restart on the same file; the clerks' sessions are still valid.
        server = await ServerProcess.start({ dataDir });
        for (const c of clerks) {
          c.client.reset(server.url);
          const p = c.pending;
          c.pending = null;
          if (p?.op !== 'create') continue;
          // The create in flight, retried with its key: the order made before the kill, or a new one; never two.
          const before = [...c.orders.values()].find((o) => o.jobName === p.jobName);
          const res = await c.client.send('POST', '/api/orders/create', p.body, { 'idempotency-key': p.key });
          stats.createRetries++;
          expect(res.status, res.text).toBe(201);
          const id = res.body.data.id as number;
          if (before) {
            stats.createRetriesReplayed++;
            expect(id, `retried create of ${p.jobName} answers the order made before the kill`).toBe(before.id);
          } else {
            const body = p.body as { poNumber: string; orderPickup: boolean };
            c.orders.set(id, {
              id,
              jobName: p.jobName,
              po: body.poNumber,
              pickup: body.orderPickup,
              bay: null,
              load: false,
              lines: new Map(),
            });
          }
        }

        // 4. Totals through the API for a sample of the orders this run touched (all after the last run).
        const last = run === RUNS;
        for (const c of clerks) {
          const ids = last ? [...c.orders.keys()] : [...c.touched].filter((id) => c.orders.has(id));
          for (const id of last ? ids : ids.sort(() => random.next() - 0.5).slice(0, Math.ceil(API_SAMPLE / CLERKS))) {
            apiProblems.push(...(await checkDocumentViaApi(c.client, id, taxRate)));
            stats.apiDocumentChecks++;
          }
          c.touched.clear();
        }
        expect(apiProblems, `run ${run}: totals through the API`).toEqual([]);
      }

      // 5. A clean stop (SIGTERM) at the end exits 0 and leaves a sound file.
      const exit = await server!.stop('SIGTERM');
      expect(exit.code, server!.output).toBe(0);
      expect(sqliteFileChecks(file)).toEqual([]);
      const orders = clerks.reduce((s, c) => s + c.orders.size, 0);
      const lines = clerks.reduce((s, c) => s + [...c.orders.values()].reduce((t, o) => t + o.lines.size, 0), 0);
      reportFigures('crash', {
        seed: SEED,
        runs: RUNS,
        clerks: CLERKS,
        ...stats,
        orders,
        lines,
        durationMs: Date.now() - started,
      });
      expect(stats.ackedWrites).toBeGreaterThan(RUNS * 5);
    },
    60_000 + RUNS * 15_000,
  );
});
