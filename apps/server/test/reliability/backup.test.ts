/**
 * Backups (`npm run backup` = node apps/server/dist/cli/backup.js), with the real server running.
 * SQLite:
 * - under a write load, the backup CLI copies the live database; the copy passes integrity_check
 *   and is one moment of it: every write acknowledged before the backup started is in it, no
 *   request sent after it finished is, and every order in it is whole (the invariants);
 * - restored as docs/reliability.md says (copy over DATA_DIR/desk.sqlite, no -wal/-shm, start),
 *   the app starts on it holding exactly the rows of the backup (every table: row count and
 *   checksum), answers for the acknowledged orders with consistent totals, and takes new orders;
 * - at a quiet point, a backup (default name DATA_DIR/backups/desk-YYYYMMDD-HHMMSS.sqlite) holds
 *   exactly what the source holds.
 * PostgreSQL (when TEST_DATABASE_URL is set and pg_dump is installed): the commands the CLI
 * prints, run as printed, dump and restore a database that then matches the source row for row.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../src/cli/demo-data.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { snapshotDb, snapshotDiff } from '../db-snapshot.js';
import { pgAdminQuery } from '../support.js';
import {
  BACKUP_CLI,
  builtServerWithDemoSqlite,
  Client,
  ensureBuilt,
  reportFigures,
  RequestFailed,
  rng,
  seedFromEnv,
  ServerProcess,
  sleep,
  tempDir,
} from './harness.js';
import {
  checkDocumentViaApi,
  checkInvariants,
  snapshotDifferences,
  snapshotSqliteFile,
  sqliteFileChecks,
} from './invariants.js';

const SEED = seedFromEnv('BACKUP_SEED');

/** Runs the backup CLI as `npm run backup` does; answers its output. */
function runBackup(env: Record<string, string>, args: string[] = []): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BACKUP_CLI, ...args], {
      cwd: env.DATA_DIR ?? process.cwd(),
      env: { PATH: process.env.PATH, ...env },
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

interface Acked {
  orderId: number;
  lineIds: number[];
  sentAt: number;
  ackedAt: number;
}

/** Clerks creating orders with a package line and a modifier, as fast as the server takes them. */
function writeLoad(
  base: string,
  cookie: string,
  catalog: { customers: number[]; pkg: number; modifier: number },
  clerks = 4,
) {
  const random = rng(SEED);
  const acked: Acked[] = [];
  const sent: { jobName: string; sentAt: number }[] = [];
  const stop = { now: false };
  const loop = async (n: number) => {
    const client = new Client(base);
    client.cookie = cookie;
    let i = 0;
    try {
      while (!stop.now) {
        const jobName = `backup c${n} #${++i}`;
        const sentAt = Date.now();
        sent.push({ jobName, sentAt });
        const order = await client.data('POST', '/api/orders/create', {
          customer: random.pick(catalog.customers),
          jobName,
          orderPickup: true,
        });
        const line = await client.data('POST', `/api/order-parts/create/${order.id}`, {
          product: catalog.pkg,
          quantity: 2,
        });
        await client.data('POST', `/api/orders/package-modifiers/upsert/${line.id}`, {
          id: catalog.modifier,
          inches: '12',
        });
        acked.push({ orderId: order.id, lineIds: [line.id], sentAt, ackedAt: Date.now() });
      }
    } catch (e) {
      if (!(e instanceof RequestFailed && stop.now)) throw e;
    } finally {
      client.close();
    }
  };
  const loops = Array.from({ length: clerks }, (_, n) => loop(n + 1));
  return {
    acked,
    sent,
    async stop() {
      stop.now = true;
      await Promise.all(loops);
    },
  };
}

describe('backup and restore (SQLite, the built server and the backup CLI)', () => {
  let source: string;
  let restored: string;
  let sourceFile: string;
  const servers: ServerProcess[] = [];
  let catalog: { customers: number[]; pkg: number; modifier: number };

  beforeAll(async () => {
    const demo = await builtServerWithDemoSqlite('desk-backup-src-');
    ({ dir: source, file: sourceFile } = demo);
    restored = tempDir('desk-backup-dst-');
    const database = demo.database;
    const db = database.db as Kysely<any>;
    const m = (
      await sql<any>`select id, package_id from package_modifiers where category <> 'LiftNotes' and product_id is not null
                     order by id limit 1`.execute(db)
    ).rows[0];
    catalog = {
      customers: (await sql<any>`select id from customers`.execute(db)).rows.map((r) => r.id),
      pkg: m.package_id,
      modifier: m.id,
    };
    await database.close();
  }, 240_000);

  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    if (source) rmSync(source, { recursive: true, force: true });
    if (restored) rmSync(restored, { recursive: true, force: true });
  });

  it('takes a consistent online backup under write load; restored, the app holds exactly its rows', async () => {
    const server = await ServerProcess.start({ dataDir: source });
    servers.push(server);
    const admin = new Client(server.url);
    await admin.login();
    const load = writeLoad(server.url, admin.cookie, catalog);
    await sleep(800);

    // The backup, while the clerks keep writing.
    const target = path.join(source, 'under-load', 'desk-under-load.sqlite');
    const backupStarted = Date.now();
    const backup = await runBackup({ DATA_DIR: source }, [target]);
    const backupEnded = Date.now();
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain(`Backup written: ${target}`);
    expect(backup.out).toMatch(/\d+ bytes\), \d+ tables, integrity_check ok/);
    await sleep(400);
    await load.stop();
    expect(await server.stop('SIGTERM')).toMatchObject({ code: 0 });
    admin.close();

    expect(readdirSync(path.dirname(target))).toEqual([path.basename(target)]); // no -wal, -shm or .partial
    expect(sqliteFileChecks(target)).toEqual([]);
    const inBackup = snapshotSqliteFile(target);

    // Restore as documented: server stopped, copy over DATA_DIR/desk.sqlite, no -wal/-shm, start.
    copyFileSync(target, path.join(restored, 'desk.sqlite'));
    for (const f of ['desk.sqlite-wal', 'desk.sqlite-shm']) rmSync(path.join(restored, f), { force: true });
    const again = await ServerProcess.start({ dataDir: restored });
    servers.push(again);
    // Before anyone signs in (a sign-in writes a session): the app holds exactly the backup's rows.
    expect(snapshotDifferences(snapshotSqliteFile(path.join(restored, 'desk.sqlite')), inBackup)).toEqual([]);

    const clerk = new Client(again.url);
    await clerk.login();
    const taxRate = (await clerk.data('GET', '/api/config')).taxRate;
    const before = load.acked.filter((a) => a.ackedAt < backupStarted);
    expect(before.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const a of before) {
      const lines = await clerk.send('GET', `/api/order-parts/${a.orderId}`);
      if (lines.status !== 200) {
        problems.push(`order ${a.orderId}, acknowledged before the backup, is not in it (${lines.status})`);
        continue;
      }
      const ids = lines.body.data.map((l: any) => l.id);
      if (JSON.stringify(ids) !== JSON.stringify(a.lineIds))
        problems.push(`order ${a.orderId}: lines ${ids}, acknowledged ${a.lineIds}`);
    }
    for (const a of before.slice(-10)) problems.push(...(await checkDocumentViaApi(clerk, a.orderId, taxRate)));
    expect(problems).toEqual([]);
    const restoredDb = openDatabase({ sqlitePath: path.join(restored, 'desk.sqlite') });
    let maxId = 0;
    try {
      maxId = (await sql<any>`select max(id) as m from orders`.execute(restoredDb.db)).rows[0].m;
      expect(await checkInvariants(restoredDb.db as Kysely<any>, { wholeLinesLike: 'backup c' })).toEqual([]);
      const names = new Set(
        (await sql<any>`select job_name from orders where job_name like 'backup c%'`.execute(restoredDb.db)).rows.map(
          (r) => r.job_name,
        ),
      );
      // A point in time: nothing sent after the backup finished is in it.
      const late = load.sent.filter((s) => s.sentAt > backupEnded && names.has(s.jobName));
      expect(late.map((s) => s.jobName)).toEqual([]);
      // Every order in the backup is whole: its package line carries its modifier and sub-parts.
      const partial = (
        await sql<any>`select o.id from orders o where o.job_name like 'backup c%' and
                       (select count(*) from order_part_modifiers a join order_parts l on l.id = a.order_part_id where l.order_id = o.id) = 0`.execute(
          restoredDb.db,
        )
      ).rows;
      // The only orders without a modifier are the ones whose clerk was between requests at the backup.
      expect(partial.length).toBeLessThanOrEqual(4);
      reportFigures('backup-sqlite', {
        seed: SEED,
        ordersAckedDuringLoad: load.acked.length,
        ackedBeforeBackupChecked: before.length,
        ordersInBackup: names.size,
        backupMs: backupEnded - backupStarted,
        backupBytes: Number(/\((\d+) bytes\)/.exec(backup.out)?.[1]),
        tablesCompared: Object.keys(inBackup.counts).length,
        rowsCompared: Object.values(inBackup.counts).reduce((s, n) => s + n, 0),
      });
    } finally {
      await restoredDb.close();
    }
    // The restored app carries on: a new order gets the next id.
    const created = await clerk.data('POST', '/api/orders/create', {
      customer: catalog.customers[0],
      jobName: 'After restore',
    });
    expect(created.id).toBeGreaterThan(maxId);
    clerk.close();
    expect(await again.stop('SIGTERM')).toMatchObject({ code: 0 });
  }, 90_000);

  it('at a quiet point, the default-named backup holds exactly what the source holds', async () => {
    const server = await ServerProcess.start({ dataDir: source });
    servers.push(server);
    const backup = await runBackup({ DATA_DIR: source });
    expect(backup.code, backup.out).toBe(0);
    const m = /Backup written: (.*desk-\d{8}-\d{6}\.sqlite)\n/.exec(backup.out);
    expect(m?.[1], backup.out).toBeDefined();
    const file = m![1]!;
    expect(path.dirname(file)).toBe(path.join(source, 'backups'));
    // The server is running (and holds the source open): read both as they are.
    expect(snapshotDifferences(snapshotSqliteFile(file), snapshotSqliteFile(sourceFile))).toEqual([]);
    // A backup never overwrites an existing file.
    const twice = await runBackup({ DATA_DIR: source }, [file]);
    expect(twice.code).toBe(1);
    expect(twice.out).toMatch(/already exists/);
    expect(await server.stop('SIGTERM')).toMatchObject({ code: 0 });
  }, 60_000);
});

const PG = process.env.TEST_DATABASE_URL;
const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;

describe.skipIf(!PG || !hasPgDump)('backup and restore (PostgreSQL, the commands the CLI prints)', () => {
  const names = [`desk_bk_src_${randomBytes(4).toString('hex')}`, `desk_bk_dst_${randomBytes(4).toString('hex')}`];
  const urls: string[] = names.map((n) => {
    const u = new URL(PG ?? 'postgres://127.0.0.1/unused'); // the suite is skipped without PG
    u.pathname = `/${n}`;
    return u.toString();
  });
  let dataDir: string;

  const admin = (q: string) => pgAdminQuery(PG!, q);

  beforeAll(async () => {
    ensureBuilt();
    dataDir = tempDir('desk-backup-pg-');
    for (const n of names) await admin(`create database ${n}`);
  }, 240_000);
  afterAll(async () => {
    for (const n of names) await admin(`drop database if exists ${n} with (force)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('pg_dump and pg_restore as printed: the restored database matches the source row for row', async () => {
    const src = openDatabase({ databaseUrl: urls[0], poolSize: 2 });
    const dst = openDatabase({ databaseUrl: urls[1], poolSize: 2 });
    try {
      await migrateToLatest(src.db);
      await loadDemoData(src.db);
      const customer = (await sql<any>`select min(id) as id from customers`.execute(src.db)).rows[0].id;
      const server = await ServerProcess.start({ dataDir, databaseUrl: urls[0] });
      const clerk = new Client(server.url);
      await clerk.login();
      for (let i = 0; i < 5; i++)
        await clerk.data('POST', '/api/orders/create', { customer, jobName: `pg backup ${i}` });
      clerk.close();

      const file = path.join(dataDir, 'desk.dump');
      const printed = await runBackup({ DATA_DIR: dataDir, DATABASE_URL: urls[0]! }, [file]);
      expect(printed.code, printed.out).toBe(0);
      expect(existsSync(file)).toBe(false); // it only prints
      const command = (tool: string, url: string) => {
        const line = printed.out.split('\n').find((l) => l.trim().startsWith(tool));
        expect(line, printed.out).toBeDefined();
        return line!.trim().replace(urls[0]!, url);
      };
      // Online: the app is still running.
      execFileSync('sh', ['-c', command('pg_dump', urls[0]!)], { stdio: 'pipe' });
      const sourceAtDump = await snapshotDb(src);
      expect(await server.stop('SIGTERM')).toMatchObject({ code: 0 });
      execFileSync('sh', ['-c', command('pg_restore', urls[1]!)], { stdio: 'pipe' });
      expect(snapshotDiff(sourceAtDump, await snapshotDb(dst))).toBe('');

      // The app runs on the restored database, and its sequences carry on after the restored ids.
      const restoredServer = await ServerProcess.start({ dataDir, databaseUrl: urls[1] });
      const c2 = new Client(restoredServer.url);
      await c2.login();
      const order = await c2.data('POST', '/api/orders/create', { customer, jobName: 'after pg restore' });
      const max = (await sql<any>`select max(id) as m from orders where job_name <> 'after pg restore'`.execute(dst.db))
        .rows[0].m;
      expect(order.id).toBeGreaterThan(max);
      c2.close();
      expect(await restoredServer.stop('SIGTERM')).toMatchObject({ code: 0 });
      reportFigures('backup-postgres', {
        tables: Object.keys(sourceAtDump.counts).length,
        rows: Object.values(sourceAtDump.counts).reduce((s, n) => s + n, 0),
      });
    } finally {
      await src.close();
      await dst.close();
    }
  }, 90_000);
});
