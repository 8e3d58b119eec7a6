/**
 * Graceful shutdown under load, on each engine: the REAL built server takes a steady stream of
 * requests from 24 clerks on keep-alive connections (order creates, each with a job name of its
 * own, and reads); it gets SIGTERM, and a new instance is started on the same port and database
 * at once, as a deploy or a restart does it; SHUTDOWN_ROUNDS times. Afterwards, for every request:
 * - every request the old instance accepted got a whole 2xx answer: a create is in the database
 *   if and only if its clerk got a 2xx (no create is in the database without an answer);
 * - no answer was cut off half way, none timed out, nothing but 2xx or 503 came back;
 * - the rest were refused cleanly: connection refused (nobody listening for a moment), 503 (the
 *   old instance closing), or a keep-alive connection closed before the request was read;
 * - the old instance exits 0 by itself.
 */
import net from 'node:net';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../src/cli/demo-data.js';
import { createTestDb, engines, type TestDb } from '../support.js';
import {
  Client,
  ensureBuilt,
  percentile,
  reportFigures,
  RequestFailed,
  ServerProcess,
  sleep,
  type Answer,
  type Failure,
} from './harness.js';

const ROUNDS = Math.max(1, Number(process.env.SHUTDOWN_ROUNDS ?? 1));
const CLERKS = 24;

type Outcome = 'ok' | '503' | 'other' | Failure;

interface Sent {
  kind: 'create' | 'read';
  jobName?: string;
  sentAt: number;
  doneAt: number;
  outcome: Outcome;
  status?: number;
}

/** Resolves once nothing listens on 127.0.0.1:port any more (the old instance closed its listener). */
async function portFree(port: number): Promise<void> {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const probe = net.connect(port, '127.0.0.1');
      probe.once('connect', () => {
        probe.destroy();
        resolve(false);
      });
      probe.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
    });
    if (refused) return;
    await sleep(5);
  }
}

/** Starts an instance on `port` as soon as the old one has let go of it. */
async function startOnPort(
  opts: { dataDir: string; databaseUrl?: string | undefined },
  port: number,
): Promise<ServerProcess> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      return await ServerProcess.start({ ...opts, port });
    } catch (e) {
      if (!/EADDRINUSE/.test(String((e as Error).message)) || Date.now() > deadline) throw e;
      await sleep(10);
    }
  }
}

describe.each(engines())('graceful shutdown under load (%s, the built server)', (engine) => {
  let tdb: TestDb;
  let customer: number;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    ensureBuilt();
    tdb = await createTestDb(engine);
    await loadDemoData(tdb.database.db);
    customer = (await sql<any>`select min(id) as id from customers`.execute(tdb.database.db)).rows[0].id;
  }, 240_000);

  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    await tdb?.drop();
  });

  it(`every accepted request gets a whole answer across ${ROUNDS} SIGTERM + restart(s) on one port`, async () => {
    const opts = { dataDir: tdb.dataDir, databaseUrl: tdb.url };
    let server = await ServerProcess.start(opts);
    servers.push(server);
    const port = server.port;
    const base = server.url;
    const admin = new Client(base);
    await admin.login();

    const log: Sent[] = [];
    const stop = { now: false };
    const worker = async (n: number) => {
      const client = new Client(base);
      client.cookie = admin.cookie;
      let i = 0;
      let lastOrder: number | null = null;
      while (!stop.now) {
        const create: boolean = lastOrder === null || i % 4 !== 3;
        const jobName = `shutdown w${n} #${++i}`;
        const entry: Sent = { kind: create ? 'create' : 'read', sentAt: Date.now(), doneAt: 0, outcome: 'ok' };
        if (create) entry.jobName = jobName;
        log.push(entry);
        try {
          const res: Answer = create
            ? await client.send('POST', '/api/orders/create', { customer, jobName })
            : await client.send('GET', `/api/orders/${lastOrder}`);
          entry.status = res.status;
          entry.outcome = res.status >= 200 && res.status < 300 ? 'ok' : res.status === 503 ? '503' : 'other';
          if (create && entry.outcome === 'ok') lastOrder = res.body.data.id;
          if (entry.outcome !== 'ok') {
            client.reset();
            await sleep(10);
          }
        } catch (e) {
          if (!(e instanceof RequestFailed)) throw e;
          entry.outcome = e.failure;
          client.reset();
          await sleep(10);
        } finally {
          entry.doneAt = Date.now();
        }
      }
      client.close();
    };
    const workers = Array.from({ length: CLERKS }, (_, n) => worker(n + 1));

    const rounds: {
      sigtermAt: number;
      portFreeAt: number;
      newListeningAt: number;
      oldExitedAt: number;
      oldExit: number | null;
    }[] = [];
    try {
      for (let round = 0; round < ROUNDS; round++) {
        await sleep(1000);
        const old = server;
        const sigtermAt = Date.now();
        let oldExitedAt = 0;
        const oldExit = old.exited.then((x) => {
          oldExitedAt = Date.now();
          return x;
        });
        old.child.kill('SIGTERM');
        await portFree(port);
        const portFreeAt = Date.now();
        server = await startOnPort(opts, port);
        servers.push(server);
        const newListeningAt = Date.now();
        const exit = await oldExit;
        expect(exit, old.output).toMatchObject({ code: 0 });
        rounds.push({ sigtermAt, portFreeAt, newListeningAt, oldExitedAt, oldExit: exit.code });
      }
      await sleep(1000);
    } finally {
      stop.now = true;
      await Promise.all(workers);
    }
    expect(await server.stop('SIGTERM')).toMatchObject({ code: 0 });
    admin.close();

    // Every create is in the database if and only if it was answered 2xx.
    const stored = new Map<string, number>();
    for (const r of (
      await sql<any>`select job_name, count(*) as n from orders where job_name like 'shutdown w%' group by job_name`.execute(
        tdb.database.db as Kysely<any>,
      )
    ).rows) {
      stored.set(r.job_name, Number(r.n));
    }
    const creates = log.filter((s) => s.kind === 'create');
    const lost = creates.filter((s) => s.outcome === 'ok' && stored.get(s.jobName!) !== 1);
    const acceptedUnanswered = creates.filter((s) => s.outcome !== 'ok' && stored.has(s.jobName!));
    const count = (o: Outcome) => log.filter((s) => s.outcome === o).length;
    const figures = {
      engine,
      rounds: ROUNDS,
      clerks: CLERKS,
      requests: log.length,
      answered2xx: count('ok'),
      answered503: count('503'),
      refused: count('refused'),
      closedBeforeRead: count('no-answer'),
      cut: count('cut'),
      timeout: count('timeout'),
      other: count('other'),
      acceptedUnanswered: acceptedUnanswered.length,
      acknowledgedLost: lost.length,
      inFlightAtSigtermAnswered: rounds.reduce(
        (s, r) => s + log.filter((x) => x.sentAt < r.sigtermAt && x.doneAt > r.sigtermAt && x.outcome === 'ok').length,
        0,
      ),
      portFreeMs: rounds.map((r) => r.portFreeAt - r.sigtermAt),
      newInstanceListeningMs: rounds.map((r) => r.newListeningAt - r.sigtermAt),
      oldInstanceExitMs: rounds.map((r) => r.oldExitedAt - r.sigtermAt),
      latencyP99Ms: percentile(
        log.filter((s) => s.outcome === 'ok').map((s) => s.doneAt - s.sentAt),
        99,
      ),
    };
    reportFigures(`shutdown-${engine}`, figures);
    expect(lost.map((s) => s.jobName)).toEqual([]);
    expect(acceptedUnanswered.map((s) => `${s.jobName}: ${s.outcome}`)).toEqual([]);
    expect({ cut: figures.cut, timeout: figures.timeout, other: figures.other }).toEqual({
      cut: 0,
      timeout: 0,
      other: 0,
    });
    expect(figures.answered2xx).toBeGreaterThan(50);
  }, 120_000);
});
