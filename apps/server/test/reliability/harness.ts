/**
 * The reliability tests' tools: the REAL built server as a child process (node --max-semi-space-size=8
 * apps/server/dist/main.js, exactly what `npm start` runs), an HTTP client that tells a refused
 * connection from an answer cut short, a seeded random source, and a build step that brings
 * apps/server/dist up to date first (vitest runs before `npm run build` in `npm test`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDemoData } from '../../src/cli/demo-data.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
export const SERVER_MAIN = path.join(ROOT, 'apps', 'server', 'dist', 'main.js');
export const BACKUP_CLI = path.join(ROOT, 'apps', 'server', 'dist', 'cli', 'backup.js');
export const ADMIN_PASSWORD = 'Morning-tide-82-harbor';
export const SESSION_SECRET = 'reliability-secret-reliability-secret-0123';

// ---------------------------------------------------------------------------------------------
// Build
// ---------------------------------------------------------------------------------------------

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * `tsc -b packages/domain apps/server` (a no-op of about a second when dist is current). Test
 * files run in parallel, so a lock directory keeps two of them from building at once.
 */
export function ensureBuilt(): void {
  const lock = path.join(os.tmpdir(), `desk-server-build-${Buffer.from(ROOT).toString('base64url').slice(-24)}.lock`);
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock left by a killed run is stale after two minutes.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 120_000)
        rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`waited too long for the build lock ${lock}`);
      sleepSync(200);
    }
  }
  try {
    const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const r = spawnSync(process.execPath, [tsc, '-b', 'packages/domain', 'apps/server'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`building the server failed:\n${r.stdout}\n${r.stderr}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing after the build`);
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * The built server (ensureBuilt) and the data it starts on: a new temporary folder with a SQLite
 * file, migrated and holding the demo data. The database is left open for the test to read.
 */
export async function builtServerWithDemoSqlite(
  prefix: string,
): Promise<{ dir: string; file: string; database: Database }> {
  ensureBuilt();
  const dir = tempDir(prefix);
  const file = path.join(dir, 'desk.sqlite');
  const database = openDatabase({ sqlitePath: file });
  await migrateToLatest(database.db);
  await loadDemoData(database.db);
  return { dir, file, database };
}

// ---------------------------------------------------------------------------------------------
// The server as a child process
// ---------------------------------------------------------------------------------------------

export interface ServerOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** 0 (default): any free port. */
  port?: number;
  env?: Record<string, string>;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** The environment the child gets: only what it needs, so nothing of the test run leaks in. */
function childEnv(opts: ServerOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(opts.port ?? 0),
    DATA_DIR: opts.dataDir,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD,
    SESSION_SECRET,
    LOG_LEVEL: 'warn',
    STATIC_DIR: path.join(opts.dataDir, 'no-web'),
    ...opts.env,
  };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  return env;
}

export class ServerProcess {
  /** Everything the process wrote, for failure messages (the last 64 KiB). */
  output = '';
  readonly exited: Promise<Exit>;
  exit: Exit | null = null;

  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {
    this.exited = new Promise((resolve) => {
      const done = (code: number | null, signal: NodeJS.Signals | null) => {
        this.exit = { code, signal };
        resolve(this.exit);
      };
      if (child.exitCode !== null || child.signalCode !== null) done(child.exitCode, child.signalCode);
      else child.once('exit', done);
    });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** Starts `node apps/server/dist/main.js` and resolves once it listens. */
  static start(opts: ServerOptions, timeoutMs = 30_000): Promise<ServerProcess> {
    const child = spawn(process.execPath, ['--max-semi-space-size=8', SERVER_MAIN], {
      cwd: opts.dataDir, // no stray .env is read
      env: childEnv(opts),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`the server did not start within ${timeoutMs} ms:\n${output}`));
      }, timeoutMs);
      const onData = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-65536);
        const m = /is running at http:\/\/[^:]+:(\d+)\//.exec(output);
        if (m) {
          clearTimeout(timer);
          child.stdout!.off('data', onData);
          child.stderr!.off('data', onData);
          const server = new ServerProcess(child, Number(m[1]));
          server.output = output;
          const keep = (c: Buffer) => {
            server.output = (server.output + c.toString()).slice(-65536);
          };
          child.stdout!.on('data', keep);
          child.stderr!.on('data', keep);
          resolve(server);
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(
          Object.assign(new Error(`the server exited (${code ?? signal}) before listening:\n${output}`), { output }),
        );
      });
    });
  }

  /** Sends a signal and waits for the process to end. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 30_000): Promise<Exit> {
    if (this.exit) return this.exit;
    this.child.kill(signal);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------

/**
 * How a request ended without a whole answer:
 * - refused: the connection could not be made (nobody listening);
 * - no-answer: the connection closed after the request was sent and before any answer;
 * - cut: an answer began and the connection closed before it was whole;
 * - timeout: no answer in time.
 */
export type Failure = 'refused' | 'no-answer' | 'cut' | 'timeout';

export class RequestFailed extends Error {
  constructor(
    readonly failure: Failure,
    readonly code: string | undefined,
    message: string,
    /** Whether the request went down a kept-alive connection used before. */
    readonly reused = false,
  ) {
    super(message);
    this.name = 'RequestFailed';
  }
}

export interface Answer<T = any> {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { status: string; data: T; message: string };
  text: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** A body sent as is (form-encoded sign-in). */
  raw?: { contentType: string; data: string };
}

/** One HTTP request over the given agent; resolves only with a whole answer. */
export function request<T = any>(
  agent: http.Agent,
  base: string,
  method: string,
  url: string,
  body?: unknown,
  opts: RequestOptions = {},
): Promise<Answer<T>> {
  const target = new URL(url, base);
  const payload = opts.raw?.data ?? (body === undefined ? undefined : JSON.stringify(body));
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (payload !== undefined) {
    headers['content-type'] = opts.raw?.contentType ?? 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve, reject) => {
    let answered = false;
    let settled = false;
    const fail = (failure: Failure, err: NodeJS.ErrnoException | null, what: string) => {
      if (settled) return;
      settled = true;
      const detail = `${method} ${url}: ${what}${err ? ` (${err.code ?? err.message})` : ''}`;
      reject(new RequestFailed(failure, err?.code, detail, req.reusedSocket));
    };
    const req = http.request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method, headers, agent },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (err) => fail('cut', err, 'the answer was cut short'));
        res.on('aborted', () => fail('cut', null, 'the answer was cut short'));
        res.on('end', () => {
          if (settled) return;
          if (!res.complete) return fail('cut', null, 'the answer was cut short');
          settled = true;
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: any = null;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            parsed = null;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed, text });
        });
      },
    );
    req.setTimeout(opts.timeoutMs ?? 60_000, () => {
      fail('timeout', null, 'no answer in time');
      req.destroy();
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (answered) return fail('cut', err, 'the answer was cut short');
      if (err.code === 'ECONNREFUSED') return fail('refused', err, 'connection refused');
      fail('no-answer', err, 'the connection closed before an answer');
    });
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** A signed-in member of staff: one keep-alive connection, one request at a time. */
export class Client {
  agent: http.Agent;
  cookie = '';

  constructor(
    public base: string,
    maxSockets = 1,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  async login(username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
    const data = new URLSearchParams({ username, password }).toString();
    const res = await request(this.agent, this.base, 'POST', '/api/login', undefined, {
      raw: { contentType: 'application/x-www-form-urlencoded', data },
    });
    if (res.status !== 200) throw new Error(`login as ${username}: ${res.status} ${res.text}`);
    const set = [res.headers['set-cookie'] ?? []].flat();
    this.cookie = set.map((c) => c.split(';')[0]).join('; ');
    return this.cookie;
  }

  send<T = any>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    return request<T>(this.agent, this.base, method, url, body, { headers: { cookie: this.cookie, ...headers } });
  }

  /** The answer's data; throws unless 2xx. */
  async data<T = any>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const res = await this.send<T>(method, url, body, headers);
    if (res.status < 200 || res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.text}`);
    return res.body.data;
  }

  /** Drops the kept connections (after the server went away). */
  reset(base = this.base): void {
    const maxSockets = this.agent.maxSockets;
    this.agent.destroy();
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
    this.base = base;
  }

  close(): void {
    this.agent.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// Seeded randomness and small helpers
// ---------------------------------------------------------------------------------------------

/** An API call that answers the data and throws on an error answer (a test's own, or a Client's bound). */
export type DataCall = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => Promise<any>;

/** n pickup-ready orders, for the customers in turn, named `${jobName} ${i}`; answers their ids. */
export async function pickupOrders(data: DataCall, customers: number[], jobName: string, n: number) {
  const orders: number[] = [];
  for (let i = 0; i < n; i++) {
    const o = await data('POST', '/api/orders/create', {
      customer: customers[i % customers.length],
      jobName: `${jobName} ${i}`,
      orderPickup: true,
    });
    orders.push(o.id);
  }
  return orders;
}

/** Every bay empty: all pickup-ready orders out of their bays, as the yard's Grid Manager saves it. */
export async function clearYard(data: DataCall) {
  const yard = await data('GET', '/api/orders/list/pickup_ready');
  await data(
    'PUT',
    '/api/orders/updateChosenJob',
    yard.map((o: any) => ({ id: o.id, current_load: false, loading_bay: null })),
  );
}

/**
 * Save `i` of a round of 16 that cross bays: the pair of orders 2i and 2i+1 into two neighbouring
 * bays, odd saves one way round and even saves the other, so saves i and i+1 fill the same two
 * bays in opposite order (on PostgreSQL they once waited on each other: a deadlock, answered 503).
 */
export function crossedSave(orders: number[], i: number) {
  const x = 1 + (Math.floor(i / 2) % 4) * 2;
  const [a, b] = [orders[2 * i]!, orders[2 * i + 1]!];
  const [bayA, bayB] = i % 2 ? [x, x + 1] : [x + 1, x];
  return [
    { id: a, current_load: true, loading_bay: bayA },
    { id: b, current_load: true, loading_bay: bayB },
  ];
}

/** mulberry32: a small, fast, seedable generator. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof rng>;

export const seedFromEnv = (name: string) =>
  process.env[name] ? Number(process.env[name]) : Math.floor(Math.random() * 2 ** 31);

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Percentile of a list of numbers (0..100). */
export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/** Keeps a test's figures in test-results/reliability/<name>.json (for docs/reliability.md) and prints them. */
export function reportFigures(name: string, figures: Record<string, unknown>): void {
  const dir = path.join(ROOT, 'test-results', 'reliability');
  mkdirSync(dir, { recursive: true });
  const record = { test: name, at: new Date().toISOString(), ...figures };
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(record, null, 2) + '\n');
  console.log(`[reliability] ${name}: ${JSON.stringify(figures)}`);
}

/** Runs tasks with at most `n` at a time; answers their results in order. */
export async function runPool<T>(tasks: (() => Promise<T>)[], n: number): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, tasks.length) }, lane));
  return results;
}
