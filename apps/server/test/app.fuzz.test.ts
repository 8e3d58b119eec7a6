/**
 * Bad input, property-based (fast-check): EVERY registered /api route gets generated hostile
 * input built from its own schemas (the zod params, querystring and body the route declares,
 * read as JSON Schema): wrong types, missing and extra fields, huge and negative numbers,
 * unicode, SQL and HTML fragments, path parameters that are not ids, arrays where objects are
 * expected, prototype-pollution keys, and — for every state-changing route — bodies over the
 * 1 MiB limit, malformed JSON and wrong content types. Sent as an administrator (so access
 * control is not what stops them) against the demo data.
 *
 * For every case: never a 5xx; a refusal is a 4xx with the FAILED envelope and leaves the
 * database exactly as it was (row counts and a hash of every row of every table); an input that
 * is certainly invalid (by the route's schema) is refused; an accepted (2xx) input passes the
 * route's own schema and gets the OK envelope (and is counted, its change to the database
 * being the point of the request); a GET or HEAD never writes, even when it answers.
 *
 * FUZZ_RUNS (default 1,000) is the least number of generated cases, spread evenly over the routes
 * (`npm run test:stress` raises it); the transport cases come on top.
 * FUZZ_SEED replays a run (the seed is printed).
 */
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../src/cli/demo-data.js';
import { EXPORT_LISTS, LIST_FIELDS } from '../src/modules/export/export.service.js';
import { SESSION_COOKIE, type ApiRoute } from '../src/plugins/auth.js';
import { snapshotDb, snapshotDiff, type DbSnapshot } from './db-snapshot.js';
import { createTestApp, engines, json, type TestApp } from './support.js';

/** The least number of generated cases in all (spread over the routes, at least one each). */
const TOTAL_RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 1000));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const BODY_LIMIT = 1024 * 1024;

type JsonSchema = Record<string, any>;
type Query = Record<string, string | string[]>;

// ---------------------------------------------------------------------------------------------
// Hostile material
// ---------------------------------------------------------------------------------------------

const SQL = [
  "' OR '1'='1",
  "'; DROP TABLE customers; --",
  '1; DELETE FROM orders',
  "1' UNION SELECT password_hash FROM users --",
  "'||(select pg_sleep(2))||'",
  '%',
  '_',
  '\\',
  "%' OR 1=1 --",
  '$1',
  '?',
];
const HTML = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(document.cookie)</script>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '<!--',
];
const ODD = [
  'Ünïcödé – “quotes” ‘x’',
  '日本語のテキスト',
  '😀🚪🔧',
  'e\u0301',
  '\u202eevil',
  '\u200b',
  '\ufeffbom',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'lone \udfff',
  '\r\n',
  'null',
  'undefined',
  'NaN',
  'true',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '%00',
  '%s%s%n',
  '{customerName}',
  '   ',
];
const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SQL, ...HTML, ...ODD) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom(65, 201, 2001, 20_001).map((n) => 'x'.repeat(n)) },
);
const WORDS = ['Smith Garage Doors', 'Door 16x7 insulated', 'Acme Overhead', 'Bay pickup', 'R-16', '12345', 'Ana'];

const deep = (n: number): unknown => (n === 0 ? 1 : { a: deep(n - 1) });
const PROTO = [
  JSON.parse('{"__proto__": {"isAdmin": true, "polluted": 1}}'),
  JSON.parse('{"constructor": {"prototype": {"polluted": 1}}}'),
];
/** Values of every JSON type, many of them wrong wherever they land. */
const wrongValue = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<unknown>(
      true,
      false,
      null,
      0,
      -1,
      -0.5,
      1.5,
      0.001,
      2 ** 31,
      2 ** 53 + 2,
      1e308,
      -1e308,
      '',
      'abc',
      '1e3',
      '0x10',
      ' 7 ',
      '-5',
      '5.0',
      '７',
      [],
      [1],
      [{ id: 1 }],
      {},
      { id: -1 },
      { id: '1; drop table orders' },
      { id: null },
      deep(40),
      ...PROTO,
    ),
  },
  { weight: 2, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

const HOSTILE_SEGMENTS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  ' 1',
  '+1',
  '9'.repeat(25),
  '2147483648',
  '\u0000',
  "1' OR '1'='1",
  '1;DROP TABLE orders',
  '../../etc/passwd',
  'ü',
  '１',
  '٣',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  'Infinity',
  '1,2',
  '[1]',
  '%',
  '<script>',
];

// ---------------------------------------------------------------------------------------------
// Generation from a route's JSON Schema
// ---------------------------------------------------------------------------------------------

const isAny = (s: JsonSchema | undefined) =>
  !s || Object.keys(s).filter((k) => !['$schema', 'default', 'description'].includes(k)).length === 0;

function stringArb(s: JsonSchema, key: string): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? 80, 400);
  const fit = (v: string) => v.slice(0, max).padEnd(min, 'x');
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern), { maxLength: max }).map(fit);
  const parts: fc.Arbitrary<string>[] = [fc.constantFrom(...WORDS).map(fit), hostileText.map(fit)];
  if (/mail|forward/i.test(key)) parts.push(fc.constantFrom('clerk@example.com', 'a@b.co', 'x@y'));
  if (/date|arrival/i.test(key))
    parts.push(fc.constantFrom('2026-11-02', '2027-01-31', '2026-02-30', '2026-11-02T10:00Z'));
  return fc.oneof(...parts);
}

function bounds(s: JsonSchema): [number, number] {
  const lo = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : (s.minimum ?? -(2 ** 31));
  const hi = s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : (s.maximum ?? 2 ** 31);
  return [Math.ceil(lo), Math.floor(Math.min(hi, Number.MAX_SAFE_INTEGER))];
}

function intArb(s: JsonSchema, key: string): fc.Arbitrary<number> {
  const [lo, hi] = bounds(s);
  // Small ids reach real demo rows; versions near 1 are sometimes current.
  const near = Math.min(hi, lo + (key === 'version' ? 3 : 60));
  return fc.oneof({ weight: 4, arbitrary: fc.integer({ min: lo, max: near }) }, fc.integer({ min: lo, max: hi }));
}

function numberArb(s: JsonSchema): fc.Arbitrary<number> {
  const [lo, hi] = bounds(s);
  const cents = (a: number, b: number) => fc.integer({ min: a * 100, max: b * 100 }).map((c) => c / 100);
  return fc.oneof({ weight: 3, arbitrary: cents(lo, Math.min(hi, lo + 5000)) }, cents(lo, hi));
}

/** Mostly valid values of a schema (with hostile text where text is free). */
function arbFor(s: JsonSchema | undefined, key = ''): fc.Arbitrary<unknown> {
  if (!s || isAny(s)) return fc.jsonValue({ maxDepth: 2 });
  if (s.anyOf) return fc.oneof(...s.anyOf.map((b: JsonSchema) => arbFor(b, key)));
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((t: string) => arbFor({ ...s, type: t }, key)));
  switch (s.type) {
    case 'string':
      return stringArb(s, key);
    case 'integer':
      return intArb(s, key);
    case 'number':
      return numberArb(s);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbFor(s.items, key), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 4, 4) });
    case 'object': {
      const props: Record<string, JsonSchema> = s.properties ?? {};
      if (!Object.keys(props).length) {
        return fc.dictionary(fc.constantFrom('a', 'name', 'x'), arbFor(s.additionalProperties), { maxKeys: 2 });
      }
      const record = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbFor(v, k)]));
      return fc.record(record, { requiredKeys: s.required ?? [] });
    }
  }
  return fc.jsonValue({ maxDepth: 2 });
}

/** Paths to every value inside a JSON value (the root is []). */
function paths(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  const out = [at];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...paths(x, [...at, i])));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...at, k]));
  return out;
}

function setAt(root: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy: any = Array.isArray(root) ? [...root] : { ...(root as object) };
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (rest.length === 0) {
    if (remove) {
      if (Array.isArray(copy)) copy.splice(Number(head), 1);
      else delete copy[head];
    } else copy[head] = value;
    return copy;
  }
  copy[head] = setAt(copy[head], rest, value, remove);
  return copy;
}

type Mutation =
  | { kind: 'none' }
  | { kind: 'set'; pick: number; value: unknown }
  | { kind: 'remove'; pick: number }
  | {
      kind: 'extra';
      fields: Record<string, unknown>;
    }
  | { kind: 'root'; value: unknown };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('set' as const), pick: fc.nat(), value: wrongValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      fields: fc.dictionary(
        fc.constantFrom(
          'id',
          'version',
          'totals',
          'isAdmin',
          'roles',
          'password_hash',
          'constructor',
          'prototype',
          'x',
        ),
        wrongValue,
        { minKeys: 1, maxKeys: 3 },
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('root' as const), value: wrongValue }) },
);

function mutate(base: unknown, m: Mutation): unknown {
  const ps = paths(base);
  switch (m.kind) {
    case 'none':
      return base;
    case 'set':
      return setAt(base, ps[m.pick % ps.length]!, m.value);
    case 'remove': {
      const inner = ps.filter((p) => p.length > 0);
      return inner.length ? setAt(base, inner[m.pick % inner.length]!, undefined, true) : base;
    }
    case 'extra':
      return base && typeof base === 'object' && !Array.isArray(base) ? { ...base, ...m.fields } : [base, m.fields];
    case 'root':
      return Array.isArray(m.value) && base !== undefined ? [base] : m.value;
  }
}

// ---------------------------------------------------------------------------------------------
// The oracle: is a value certainly refused by the schema? (conservative: unsure means no)
// ---------------------------------------------------------------------------------------------

/** Numbers may come as a string of digits (path parameters, bare ids); nothing else converts. */
function asNumber(v: unknown): number | null {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^\d{1,16}$/.test(v)) return Number(v);
  return null;
}

/** Where a value is certainly refused by the schema ('body.customer: ...'), or null when it may pass. */
function invalidAt(s: JsonSchema | undefined, v: unknown, at: string): string | null {
  if (!s || isAny(s)) return null;
  const no = (why: string) => `${at}: ${why}`;
  if (s.anyOf) {
    const reasons = s.anyOf.map((b: JsonSchema) => invalidAt(b, v, at));
    return reasons.every(Boolean) ? reasons.join(' / ') : null;
  }
  if ('const' in s) return v === s.const ? null : no(`not ${JSON.stringify(s.const)}`);
  if (s.enum) return s.enum.includes(v) ? null : no('not one of the choices');
  if (s.type === undefined) return null;
  if (Array.isArray(s.type)) {
    const reasons = s.type.map((t: string) => invalidAt({ ...s, type: t }, v, at));
    return reasons.every(Boolean) ? reasons.join(' / ') : null;
  }
  switch (s.type) {
    case 'integer':
    case 'number': {
      const n = asNumber(v);
      if (n === null) return no(`${JSON.stringify(v)?.slice(0, 20)} is not a number`);
      if (s.type === 'integer' && !Number.isSafeInteger(n)) return no('not a whole number');
      if (s.minimum !== undefined && n < s.minimum) return no('too small');
      if (s.exclusiveMinimum !== undefined && n <= s.exclusiveMinimum) return no('too small');
      if (s.maximum !== undefined && n > s.maximum) return no('too large');
      if (s.exclusiveMaximum !== undefined && n >= s.exclusiveMaximum) return no('too large');
      return null;
    }
    case 'string':
      if (typeof v !== 'string') return no('not a string');
      if (s.maxLength !== undefined && v.trim().length > s.maxLength) return no('too long');
      if (s.minLength !== undefined && v.length < s.minLength) return no('too short');
      return s.pattern && v === v.trim() && !new RegExp(s.pattern).test(v) ? no('does not match') : null;
    case 'boolean':
      return typeof v === 'boolean' ? null : no('not a boolean');
    case 'null':
      return v === null ? null : no('not null');
    case 'array': {
      if (!Array.isArray(v)) return no('not an array');
      if (s.minItems !== undefined && v.length < s.minItems) return no('too few items');
      if (s.maxItems !== undefined && v.length > s.maxItems) return no('too many items');
      for (const [i, x] of v.entries()) {
        const r = invalidAt(s.items, x, `${at}[${i}]`);
        if (r) return r;
      }
      return null;
    }
    case 'object': {
      if (!v || typeof v !== 'object' || Array.isArray(v)) return no('not an object');
      const o = v as Record<string, unknown>;
      const props: Record<string, JsonSchema> = s.properties ?? {};
      const missing = (s.required ?? []).find((k: string) => o[k] === undefined);
      if (missing) return no(`${missing} is missing`);
      for (const [k, x] of Object.entries(o)) {
        const sub = props[k] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
        const r = invalidAt(sub, x, `${at}.${k}`);
        if (r) return r;
      }
      return null;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------------------------

interface Case {
  label: string;
  params: Record<string, string>;
  query: Query;
  /** The request body as sent (a string), or undefined for none. */
  payload?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** Why the input is certainly invalid (it must be refused), or '' when it may be valid. */
  mustFail: string;
}

interface RouteInfo {
  route: ApiRoute;
  key: string;
  zod: { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };
  json: { params?: JsonSchema; querystring?: JsonSchema; body?: JsonSchema };
  paramNames: string[];
  hasBody: boolean;
}

const toJson = (s: unknown) =>
  s ? (z.toJSONSchema(s as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined;

function describeRoute(route: ApiRoute): RouteInfo {
  const schema = (route.schema ?? {}) as RouteInfo['zod'];
  return {
    route,
    key: `${route.method} ${route.url}`,
    zod: { params: schema.params, querystring: schema.querystring, body: schema.body },
    json: { params: toJson(schema.params), querystring: toJson(schema.querystring), body: toJson(schema.body) },
    paramNames: [...route.url.matchAll(/:([A-Za-z_]+)/g)]
      .map((m) => m[1]!)
      .concat(route.url.endsWith('*') ? ['*'] : []),
    hasBody: !['GET', 'HEAD', 'OPTIONS'].includes(route.method),
  };
}

function listFields(url: string): readonly string[] {
  const list = EXPORT_LISTS.find((name) => url.startsWith(`/api/${name}`));
  return list ? LIST_FIELDS[list] : ['id'];
}

function queryArb(info: RouteInfo): fc.Arbitrary<Query> {
  if (!info.json.querystring)
    return fc.oneof(fc.constant({}), fc.constant({ x: '1' }), fc.constant({ __proto__x: 'y' }));
  const fields = listFields(info.route.url);
  const valid = fc
    .record(
      {
        page: fc.constantFrom('1', '2', '99999'),
        size: fc.constantFrom('10', '20', '30'),
        sort: fc.constantFrom(...fields, ...fields.map((f) => `-${f}`)),
        filter: fc.tuple(fc.constantFrom(...fields), fc.oneof(fc.constantFrom(...WORDS), hostileText)),
        q: fc.oneof(fc.constantFrom('smi', '12345678901', '99999999999999999999'), hostileText),
        kind: fc.constantFrom('part', 'package'),
      },
      { requiredKeys: [] },
    )
    .map(({ filter, ...rest }) => ({ ...rest, ...(filter ? { [filter[0]]: filter[1] } : {}) }) as Query);
  const hostile: fc.Arbitrary<Query> = fc.oneof<fc.Arbitrary<Query>[]>(
    fc.record({ page: fc.constantFrom('-1', '0', 'abc', '1e309', '99999999999', '1.5', '') }),
    fc.record({ size: fc.constantFrom('7', '1000000', '-10', '', '10.0') }),
    fc.record({ sort: fc.constantFrom('name; drop table customers', '--name', 'password_hash', '__proto__', '') }),
    fc.record({ page: fc.constant(['1', '2']) }),
    fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'password_hash', 'foo', 'kind'), hostileText, {
      minKeys: 1,
      maxKeys: 2,
    }),
    fc.record({ [fields[fields.length - 1]!]: fc.constantFrom('x'.repeat(150), 'x'.repeat(201), '\u0000') }),
  );
  return fc.oneof(valid, hostile);
}

function paramsArb(info: RouteInfo): fc.Arbitrary<Record<string, string>> {
  const props: Record<string, JsonSchema> = info.json.params?.properties ?? {};
  const one = (name: string) => {
    const valid =
      name === '*' ? fc.constantFrom('index.html', 'swagger-ui.css', 'x') : arbFor(props[name], name).map(String);
    return fc.oneof({ weight: 2, arbitrary: valid }, { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) });
  };
  return fc.record(Object.fromEntries(info.paramNames.map((n) => [n, one(n)])));
}

const hasProtoKey = (text: string) =>
  /"__proto__"\s*:/.test(text) || /"constructor"\s*:\s*\{[^]*"prototype"\s*:/.test(text);

function generatedCase(info: RouteInfo): fc.Arbitrary<Case> {
  const body = info.hasBody
    ? info.json.body
      ? fc.tuple(arbFor(info.json.body), mutationArb).map(([base, m]) => mutate(base, m))
      : fc.oneof(fc.constant(undefined), wrongValue)
    : fc.constant(undefined);
  const idem = /^\/api\/(orders|quotes)\/create$|create-from-quote/.test(info.route.url)
    ? fc.option(fc.constantFrom('retry-1', '', 'ü-key', 'x'.repeat(201), 'a b'), { nil: undefined })
    : fc.constant(undefined);
  return fc
    .record({ params: paramsArb(info), query: queryArb(info), body, idem })
    .map(({ params, query, body, idem }) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const sent = payload === undefined ? undefined : JSON.parse(payload);
      const badIdem = idem !== undefined && !/^[\x21-\x7e]{1,200}$/.test(idem);
      const mustFail =
        (JSON.stringify([params, query, sent]).includes('\\u0000') ? 'a NUL character' : null) ??
        invalidAt(info.json.params, params, 'params') ??
        invalidAt(info.json.querystring, query, 'query') ??
        (payload !== undefined && hasProtoKey(payload) ? 'body: a prototype key' : null) ??
        (info.json.body ? invalidAt(info.json.body, sent, 'body') : null) ??
        (badIdem ? 'Idempotency-Key: not 1 to 200 visible ASCII characters' : '');
      return {
        label: 'generated',
        params,
        query,
        ...(payload === undefined ? {} : { payload, contentType: 'application/json' }),
        ...(idem === undefined ? {} : { headers: { 'idempotency-key': idem } }),
        mustFail,
      };
    });
}

/** The same hostile transport for every state-changing route, on a real record (ids from the demo data). */
function transportCases(info: RouteInfo): Case[] {
  const params = Object.fromEntries(info.paramNames.map((n) => [n, n === 'bayId' ? '1' : '2']));
  const nested = `${'{"a":'.repeat(2000)}{"constructor":{"prototype":{"x":1}}}${'}'.repeat(2000)}`;
  const rows: Array<[string, string, string, string]> = [
    ['body over 1 MiB', `{"name":"${'a'.repeat(BODY_LIMIT)}"}`, 'application/json', 'too large'],
    ['malformed JSON', '{"name": ', 'application/json', 'malformed'],
    ['empty JSON body', '', 'application/json', 'empty'],
    ['text/plain', 'name=x', 'text/plain', 'not JSON'],
    ['XML', '<customer><name>x</name></customer>', 'application/xml', 'not JSON'],
    ['__proto__ key', '{"__proto__":{"isAdmin":true},"name":"x"}', 'application/json', 'prototype key'],
    ['constructor.prototype', '{"constructor":{"prototype":{"isAdmin":true}}}', 'application/json', 'prototype key'],
    ['deep nesting with a constructor.prototype', nested, 'application/json', 'prototype key'],
    ['deep arrays', `${'['.repeat(5000)}${']'.repeat(5000)}`, 'application/json', info.json.body ? 'wrong shape' : ''],
    ['number beyond a double', '{"quantity":1e400,"id":1e400}', 'application/json', ''],
  ];
  return rows.map(([label, payload, contentType, mustFail]) => ({
    label,
    params,
    query: {},
    payload,
    contentType,
    mustFail,
  }));
}

/** encodeURIComponent, but a lone surrogate goes out as its (invalid) UTF-8 bytes instead of throwing. */
function encode(text: string): string {
  return [...text]
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(ch);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

function buildUrl(url: string, params: Record<string, string>, query: Query): string {
  let path = url.replace(/:([A-Za-z_]+)/g, (_m, n: string) => encode(params[n] ?? '1'));
  if (path.endsWith('*')) path = path.slice(0, -1) + encode(params['*'] ?? 'x');
  const qs = Object.entries(query)
    .flatMap(([k, v]) => [v].flat().map((x) => `${encode(k)}=${encode(x)}`))
    .join('&');
  return qs ? `${path}?${qs}` : path;
}

// ---------------------------------------------------------------------------------------------

describe.each(engines())('bad input on every route (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let infos: RouteInfo[];

  beforeAll(async () => {
    t = await createTestApp(engine);
    await loadDemoData(t.db.database.db, { now: new Date(t.clock()) });
    admin = await t.login();
    adminId = (await t.app.ctx.users.findByUsername('admin'))!.id;
    infos = t.app.apiRoutes.filter((r) => r.method !== 'OPTIONS').map(describeRoute);
  });
  afterAll(async () => t?.close());

  it(
    `sends generated hostile input to every /api route: no 5xx, refusals are 4xx envelopes that change nothing`,
    {
      timeout: 30 * 60_000,
    },
    async () => {
      const started = Date.now();
      const problems: string[] = [];
      const byStatus = new Map<number, number>();
      const runsPerRoute = Math.ceil(TOTAL_RUNS / infos.length);
      const stats = { cases: 0, generated: 0, refused: 0, accepted: 0, mustFail: 0, routes: 0 };
      // The security log records refused requests (a failed sign-in, a wrong old password) by design.
      const LOG = ['security_events'];
      let baseline: DbSnapshot = await snapshotDb(t.db.database, { exclude: LOG });

      const runCase = async (info: RouteInfo, c: Case) => {
        const { route } = info;
        const isLogin = route.url === '/api/login';
        let cookie = admin;
        if (route.url === '/api/logout') {
          // Sign-out ends the caller's session: each case signs out a session of its own (made
          // directly: the login route's cases have used up this address's sign-in attempts).
          const token = await t.app.ctx.sessions.create(adminId, {});
          cookie = `${SESSION_COOKIE}=${t.app.signCookie(token)}`;
          baseline = await snapshotDb(t.db.database, { exclude: LOG });
        }
        // The throttle counts refused sign-ins, and the security log records refusals: by design.
        const exclude = isLogin ? ['auth_throttle', ...LOG] : LOG;
        const before = isLogin ? await snapshotDb(t.db.database, { exclude }) : baseline;
        const url = buildUrl(route.url, c.params, c.query);
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: {
            cookie,
            ...(c.payload === undefined ? {} : { 'content-type': c.contentType! }),
            ...c.headers,
          },
          ...(c.payload === undefined ? {} : { payload: c.payload }),
        });
        stats.cases++;
        if (c.mustFail) stats.mustFail++;
        byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
        const shown = `${info.key} [${c.label}] ${route.method} ${url.slice(0, 160)}${c.headers ? ` ${JSON.stringify(c.headers)}` : ''}${c.payload === undefined ? '' : ` body ${c.payload.slice(0, 200)}`}`;
        const problem = (what: string) => problems.push(`${shown}\n    -> ${res.statusCode}: ${what}`);
        const isDocs = route.url.startsWith('/api/docs');
        const isHead = route.method === 'HEAD';

        if (res.statusCode >= 500) problem(`server error ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 400) {
          stats.refused++;
          if (!isHead) {
            let body: unknown = null;
            try {
              body = res.json();
            } catch {
              /* checked below */
            }
            const b = body as { status?: unknown; data?: unknown; message?: unknown } | null;
            if (!b || b.status !== 'FAILED' || b.data !== null || typeof b.message !== 'string' || !b.message)
              problem(`refusal without the FAILED envelope: ${res.body.slice(0, 200)}`);
          }
          const after = await snapshotDb(t.db.database, { exclude });
          const diff = snapshotDiff(before, after);
          if (diff) problem(`refused, yet the database changed: ${diff}`);
          if (isLogin) baseline = await snapshotDb(t.db.database, { exclude: LOG });
        } else {
          stats.accepted++;
          if (c.mustFail)
            problem(`accepted an input that is certainly invalid (${c.mustFail}): ${res.body.slice(0, 160)}`);
          // What was accepted must pass the route's own schemas.
          const sent = c.contentType === 'application/json' && c.payload ? JSON.parse(c.payload) : c.payload;
          for (const [part, value] of [
            ['params', c.params],
            ['querystring', c.query],
            ['body', sent],
          ] as const) {
            const schema = info.zod[part];
            if (schema && !schema.safeParse(value).success)
              problem(`accepted, but its ${part} fails the route's schema`);
          }
          const type = String(res.headers['content-type'] ?? '');
          if (isHead || isDocs) {
            // HEAD has no body; the OpenAPI pages are HTML, JavaScript and JSON of their own.
          } else if (type.startsWith('application/pdf')) {
            if (!res.rawPayload.subarray(0, 5).equals(Buffer.from('%PDF-'))) problem('a PDF answer that is not a PDF');
          } else if (json(res).status !== 'OK') problem(`2xx without the OK envelope: ${res.body.slice(0, 200)}`);
          if (res.statusCode >= 300 && !isDocs) problem('a redirect');
          const after = await snapshotDb(t.db.database, { exclude: LOG });
          // GET and HEAD are safe: even when they answer, nothing is written.
          if (!info.hasBody && snapshotDiff(baseline, after)) problem(`a ${route.method} changed the database`);
          baseline = after;
        }
      };

      for (const [i, info] of infos.entries()) {
        stats.routes++;
        await fc.assert(
          fc.asyncProperty(generatedCase(info), async (c) => {
            stats.generated++;
            await runCase(info, c);
          }),
          { numRuns: runsPerRoute, seed: SEED + i, endOnFailure: true },
        );
        if (info.hasBody) for (const c of transportCases(info)) await runCase(info, c);
      }

      // The admin session survived everything (the run was never stopped by access control).
      expect((await t.app.inject({ url: '/api/session', headers: { cookie: admin } })).statusCode).toBe(200);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const statuses = [...byStatus.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}x${n}`)
        .join(' ');
      console.log(
        `[fuzz, ${engine}] seed ${SEED}, ${runsPerRoute} generated cases per route + 10 transport cases per write route: ` +
          `${stats.cases} cases (${stats.generated} generated) on ${stats.routes} routes in ${seconds} s; ${stats.refused} refused (database unchanged), ` +
          `${stats.accepted} accepted as valid, ${stats.mustFail} certainly invalid; statuses ${statuses}; ${problems.length} problems`,
      );
      expect(stats.generated).toBeGreaterThanOrEqual(TOTAL_RUNS);
      expect(problems.slice(0, 25).join('\n')).toBe('');
    },
  );
});

describe.each(engines())('bad input: what the fuzz found, and markup kept verbatim (%s)', (engine) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await loadDemoData(t.db.database.db, { now: new Date(t.clock()) });
    cookie = await t.login();
  });
  afterAll(async () => t?.close());

  const send = (method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('stores job names, notes and names holding markup verbatim and answers them as JSON strings', async () => {
    const IMG = '<img src=x onerror=alert(1)>';
    const SCRIPT = `<script>alert("x")</script> & 'quotes' </textarea>`;
    const order = await send('POST', '/api/orders/create', { customer: 1, jobName: IMG, specialInstructions: SCRIPT });
    expect(order.statusCode).toBe(201);
    expect(order.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(order.headers['x-content-type-options']).toBe('nosniff');
    // A JSON string, not HTML: no entity escaping, nothing dropped.
    expect(order.body).toContain(JSON.stringify(IMG));
    expect(order.body).not.toContain('&lt;');
    const id = json(order).data.id as number;
    expect(json(await send('GET', `/api/orders/${id}`)).data).toMatchObject({
      jobName: IMG,
      specialInstructions: SCRIPT,
    });
    const listed = json(await send('GET', `/api/orders/list/0?jobName=${encodeURIComponent('onerror=alert')}`)).data;
    expect(listed.items.map((o: { jobName: string }) => o.jobName)).toEqual([IMG]);
    const row = await t.db.database.db.selectFrom('orders').select('job_name').where('id', '=', id).executeTakeFirst();
    expect(row?.job_name).toBe(IMG);

    // Notes on a package line's sub-part.
    const pkg = json(await send('GET', '/api/products/?kind=package')).data[0];
    const line = json(await send('POST', `/api/order-parts/create/${id}`, { product: pkg.id, quantity: 1 })).data;
    const sub = json(await send('GET', `/api/order-parts/sub-parts/${line.id}`)).data[0];
    const notes = await send('PUT', `/api/order-parts/update-subpart-assoc-notes/${line.id}`, {
      rowId: sub.rowId,
      notes: IMG,
    });
    expect(notes.statusCode).toBe(200);
    expect(json(notes).data.notes).toBe(IMG);
    expect(json(await send('GET', `/api/order-parts/sub-parts/${line.id}`)).data[0].notes).toBe(IMG);

    const quote = await send('POST', '/api/quotes/create', { customer: 2, jobName: SCRIPT });
    expect(json(quote).data.jobName).toBe(SCRIPT);
    const customer = await send('POST', '/api/customers/create', { name: IMG, specialNeeds: SCRIPT });
    expect(json(customer).data).toMatchObject({ name: IMG, specialNeeds: SCRIPT });
    const vo = await send('POST', '/api/vendor-orders/create', { name: IMG, description: SCRIPT });
    expect(json(vo).data).toMatchObject({ name: IMG, description: SCRIPT });
  });

  it('refuses text holding a NUL character on both databases, and writes nothing', async () => {
    const before = await snapshotDb(t.db.database);
    const create = await send('POST', '/api/customers/create', { name: 'Smith\u0000Doors' });
    expect(create.statusCode).toBe(400);
    expect(json(create).message).toBe('Name may not contain the NUL character (U+0000).');
    const update = await send('PUT', '/api/vendor-orders/update/1', { name: 'x', description: '\u0000' });
    expect(update.statusCode).toBe(400);
    expect((await send('GET', '/api/vendor-orders/?status=%00')).statusCode).toBe(400);
    expect((await send('GET', '/api/customers/?openOrders=%00')).statusCode).toBe(400);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'a\u0000', password: 'x' },
    });
    expect(login.statusCode).toBe(400);
    expect(snapshotDiff(before, await snapshotDb(t.db.database))).toBe('');
  });

  it('answers a customer search for a long number (a phone number) with no match instead of failing', async () => {
    for (const q of ['12345678901', '2147483648', '99999999999999999999']) {
      const res = await send('GET', `/api/customers/?q=${q}`);
      expect(res.statusCode, q).toBe(200);
      expect(json(res).data).toEqual([]);
    }
    expect(json(await send('GET', '/api/customers/?q=3')).data.map((c: { id: number }) => c.id)).toContain(3);
  });

  it('prices, shows and prints a huge document instead of failing with 500', async () => {
    const product = json(
      await send('POST', '/api/products/create', {
        itemNo: 'PKG-HUGE',
        wholesalePrice: 9_999_999.99,
        productType: json(await send('GET', '/api/dropdown/product-type')).data.find(
          (p: { isPackage: boolean }) => p.isPackage,
        ).id,
      }),
    ).data;
    const order = json(await send('POST', '/api/orders/create', { customer: 1, useTax: true })).data;
    const line = await send('POST', `/api/order-parts/create/${order.id}`, { product: product.id, quantity: 100_000 });
    expect(line.statusCode).toBe(201);
    const totals = json(await send('GET', `/api/orders/${order.id}`)).data.totals;
    // $9,999,999.99 x 100,000 = $999,999,999,000.00; tax 9.75 % rounded once (the product of the
    // subtotal's cents and the rate is beyond 2^53, so it is taken exactly in BigInt).
    expect(totals.subTotal).toBe(999_999_999_000);
    expect(totals.tax).toBe(97_499_999_902.5);
    expect(totals.total).toBe(totals.subTotal + totals.tax);
    const pdf = await send('POST', `/api/download-excelOrder/${order.id}`, {});
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('reads ids and quantities only from numbers and strings of digits', async () => {
    for (const segment of ['0x10', '1e1', '%201', '+1', '1.0', '%EF%BC%91']) {
      const res = await send('GET', `/api/customers/${segment}`);
      expect(res.statusCode, segment).toBe(400);
      expect(json(res).message).toMatch(/^The id in the address /);
    }
    expect(json(await send('GET', '/api/customers/16')).data.id).toBe(16);
    const before = await snapshotDb(t.db.database);
    for (const customer of [true, [1], '0x1', { id: [1] }, { id: true }]) {
      const res = await send('POST', '/api/orders/create', { customer });
      expect(res.statusCode, JSON.stringify(customer)).toBe(400);
      expect(json(res).message).toMatch(/^Customer /);
    }
    for (const quantity of [true, [2], '2.0', ' 2', '1e2', 0, -1, 100_001]) {
      const res = await send('POST', '/api/order-parts/create/1', { product: 1, quantity });
      expect(res.statusCode, JSON.stringify(quantity)).toBe(400);
    }
    expect((await send('PUT', '/api/orders/updateChosenJob', [{ id: true }])).statusCode).toBe(400);
    expect((await send('POST', '/api/orders/modifyLoaderOrders', [[1]])).statusCode).toBe(400);
    expect((await send('POST', '/api/orders/completeBayOrders', { orderIds: [[1]] })).statusCode).toBe(400);
    expect((await send('POST', '/api/orders/completeBayOrders', { orderIds: [true] })).statusCode).toBe(400);
    expect(snapshotDiff(before, await snapshotDb(t.db.database))).toBe('');
    // A bare id as a string of digits still works, as docs/architecture.md section 6 promises.
    expect((await send('POST', '/api/orders/create', { customer: '1' })).statusCode).toBe(201);
    expect((await send('POST', '/api/order-parts/create/1', { product: { id: 1 }, quantity: '2' })).statusCode).toBe(
      201,
    );
  });

  it('refuses a text/plain body with 415 instead of handing it to the route', async () => {
    const before = await snapshotDb(t.db.database);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/removeUser',
      headers: { cookie, 'content-type': 'text/plain' },
      payload: 'clerk',
    });
    expect(res.statusCode).toBe(415);
    expect(json(res)).toEqual({
      status: 'FAILED',
      data: null,
      message: 'Unsupported content type: send application/json.',
    });
    expect(snapshotDiff(before, await snapshotDb(t.db.database))).toBe('');
  });
});
