/**
 * Test support: the real app on a real database. Every test file gets its own SQLite file and,
 * when TEST_DATABASE_URL is set, its own PostgreSQL database, created here and dropped after.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database, type DatabaseKind } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { DB } from '../src/db/schema.js';

export const ADMIN = { username: 'admin', password: 'Morning-tide-82-harbor' };
/** The password staff() gives every user it adds (strong: docs/architecture.md section 7). */
export const STAFF_PASSWORD = 'Copper-lantern-47-quay';

/** One company's letterhead, for tests that set the company settings and read them back. */
export const SIERRA_LETTERHEAD = {
  name: 'Sierra Overhead Door Supply',
  street: '1200 Industrial Way',
  city: 'Sacramento',
  state: 'CA',
  zip: '95815',
  phone: '(916) 555-0142',
  email: 'sales@sierra-doors.example.com',
  quoteValidityDays: 30,
};

/** The engines this run covers: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function engines(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestClock {
  (): number;
  advance(ms: number): void;
  set(ms: number): void;
}

export function testClock(start = Date.UTC(2026, 10, 2, 9, 0, 0)): TestClock {
  let now = start;
  const clock = (() => now) as TestClock;
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (ms) => {
    now = ms;
  };
  return clock;
}

export interface TestDb {
  database: Database;
  url?: string;
  dataDir: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database of the given kind. */
export async function createTestDb(kind: DatabaseKind): Promise<TestDb> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'desk-test-'));
  if (kind === 'sqlite') {
    const database = openDatabase({ sqlitePath: path.join(dataDir, 'desk.sqlite') });
    await migrateToLatest(database.db);
    return {
      database,
      dataDir,
      async drop() {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `desk_test_${randomBytes(6).toString('hex')}`;
  await pgAdminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  await migrateToLatest(database.db);
  return {
    database,
    url: url.toString(),
    dataDir,
    async drop() {
      await database.close();
      await pgAdminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One statement on the PostgreSQL server itself (create or drop a database), on a connection of its own. */
export async function pgAdminQuery(adminUrl: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: TestDb;
  clock: TestClock;
  /** Signs in and answers the Cookie header to send. */
  login(username?: string, password?: string): Promise<string>;
  /** Adds a user through the API as the administrator; answers its Cookie header. */
  staff(username?: string): Promise<string>;
  /** Requests as the user of this Cookie header. */
  as(cookie: string): ReturnType<typeof userApi>;
  /** One request as the user of this Cookie header; answers the response. */
  send(cookie: string, ...request: Parameters<ReturnType<typeof userApi>['send']>): Promise<LightMyRequestResponse>;
  /** A request as the administrator (signed in on first use), answering the data: for set-up steps. */
  admin: ReturnType<typeof userApi>['data'];
  /** The product type ids by name, as the catalogue's dropdown lists them. */
  productTypes(): Promise<Record<string, number>>;
  /** How many rows the table holds now. */
  rowCount(table: keyof DB): Promise<number>;
  close(): Promise<void>;
}

export async function createTestApp(kind: DatabaseKind, env: Record<string, string> = {}): Promise<TestApp> {
  const db = await createTestDb(kind);
  const config = loadConfig(
    {
      DATA_DIR: db.dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      STATIC_DIR: path.join(db.dataDir, 'no-web'),
      ...(db.url ? { DATABASE_URL: db.url } : {}),
      ...env,
    },
    { dotenv: false },
  );
  const clock = testClock();
  // Every answer the suite gets is checked against its route's response schema.
  const app = await buildApp({ config, database: db.database, clock, logger: false, checkResponses: true });
  await app.ready();
  await app.ctx.users.ensureFirstAdmin(ADMIN.username, ADMIN.password);

  const login = async (username = ADMIN.username, password = ADMIN.password) => {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login as ${username} failed: ${res.statusCode} ${res.body}`);
    return cookieHeader(res);
  };
  let adminCookie: string | null = null;
  const staff = async (username = 'clerk') => {
    adminCookie ??= await login();
    return login(username, await addUser(app, adminCookie, username));
  };
  const t: TestApp = {
    app,
    config,
    db,
    clock,
    login,
    staff,
    as: (cookie) => userApi(() => ({ t, cookie })),
    send: (cookie, ...request) => t.as(cookie).send(...request),
    async admin(method, url, payload) {
      adminCookie ??= await login();
      return t.as(adminCookie).data(method, url, payload);
    },
    async productTypes() {
      const types: { id: number; type: string }[] = await t.admin('GET', '/api/dropdown/product-type');
      return Object.fromEntries(types.map((x) => [x.type, x.id]));
    },
    async rowCount(table) {
      const { n } = await db.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(n);
    },
    async close() {
      await app.close();
      await db.drop();
    },
  };
  return t;
}

/**
 * The test app of the enclosing suite: made, with the administrator signed in, before its tests
 * and closed (its database dropped) after them. Read `suite.t` and `suite.admin` (the
 * administrator's Cookie header) inside the tests.
 */
export function suiteApp(kind: DatabaseKind, env: Record<string, string> = {}) {
  const suite = {} as { t: TestApp; admin: string };
  beforeAll(async () => {
    suite.t = await createTestApp(kind, env);
    suite.admin = await suite.t.login();
  });
  afterAll(async () => suite.t?.close());
  return suite;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Requests as one signed-in user. The app and the cookie come from a getter because a describe
 * block sets them in beforeAll. `send` answers the response; `data` the answer's data, throwing
 * with the status and body on an error answer, so a set-up step that fails says why.
 */
export function userApi(session: () => { t: TestApp; cookie: string }) {
  const send = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    session().t.app.inject({
      method,
      url,
      headers: { cookie: session().cookie, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const data = async (method: Method, url: string, payload?: unknown) => {
    const r = await send(method, url, payload);
    if (r.statusCode >= 300) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body}`);
    return json(r).data;
  };
  return { send, data };
}

/** Another instance of the app on the test app's database and clock, as a second server would be (not yet ready). */
export function anotherInstance(t: TestApp, options: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  return buildApp({ config: t.config, database: t.db.database, clock: t.clock, logger: false, ...options });
}

/** The orders that are the bay's current load now (one at the most, whatever raced to place). */
export function currentLoadsIn(t: TestApp, bay: number) {
  return t.db.database.db
    .selectFrom('orders')
    .select('id')
    .where('loading_bay', '=', bay)
    .where('current_load', '=', 1)
    .execute();
}

/** Adds a user through the API with the administrator's cookie (201, or it throws); answers the password. */
export async function addUser(app: FastifyInstance, adminCookie: string, username: string, password = STAFF_PASSWORD) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/addNewUser',
    headers: { cookie: adminCookie },
    payload: { username, password },
  });
  if (res.statusCode !== 201) throw new Error(`adding ${username} failed: ${res.statusCode} ${res.body}`);
  return password;
}

/** The Cookie header that sends back what a response set. */
export function cookieHeader(res: LightMyRequestResponse): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

export function json<T = any>(res: LightMyRequestResponse): { status: string; data: T; message: string } {
  return res.json();
}

/**
 * Of the answers to many requests racing to create the same thing: exactly one made it (201) and
 * every other was refused as a duplicate (409). Answers the one made and the refusals' messages.
 */
export function oneMadeRestRefused<T = any>(answers: LightMyRequestResponse[]): { made: T; refusals: string[] } {
  const made = answers.filter((r) => r.statusCode === 201);
  expect(made).toHaveLength(1);
  const refused = answers.filter((r) => r.statusCode === 409);
  expect(refused).toHaveLength(answers.length - 1);
  return { made: json<T>(made[0]!).data, refusals: refused.map((r) => json(r).message) };
}
