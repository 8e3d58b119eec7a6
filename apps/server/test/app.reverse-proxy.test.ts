/**
 * N instances behind nginx (docs/deployment.md): the committed deploy/nginx/desk.conf, only its
 * instance ports, listen ports and certificate paths replaced, run by the machine's nginx in front
 * of two REAL built server processes on one PostgreSQL database, over HTTPS (a self-signed
 * certificate made by openssl for the run). The client connects from 127.0.0.2, nginx from
 * 127.0.0.1, so the address the app sees tells them apart. Through nginx:
 * - sign-in over HTTPS gives Secure cookies and HSTS (X-Forwarded-Proto), and the app sees the
 *   client's address, never nginx's nor a forged X-Forwarded-For (sessions, sign-in throttle);
 * - a change reaches event streams on both instances (one over HTTP/1.1, one over HTTP/2) within
 *   a second: nginx does not buffer the stream. The test has nginx ignore the app's own
 *   X-Accel-Buffering: no, so this holds by the file's settings alone (remove its
 *   `proxy_buffering off` and the streams get nothing, not even their headers, within the second);
 * - a body over the app's 1 MiB limit is refused in the API's envelope; a forged X-Forwarded-Host
 *   cannot pass the host check; plain HTTP is sent to HTTPS;
 * - SIGTERM to one instance: its stream ends, the reconnect with Last-Event-ID lands on the other
 *   and gets what it missed, every request is still answered, the instance exits 0;
 * - both instances served requests, and logged the client's address for each.
 * Needs nginx, openssl and TEST_DATABASE_URL: skipped loudly without them, a failure under CI.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form } from './import-files.js';
import { pgAdminQuery } from './support.js';
import { ADMIN_PASSWORD, ensureBuilt, ROOT, ServerProcess, sleep, tempDir } from './reliability/harness.js';

const PG = process.env.TEST_DATABASE_URL;
const TEMPLATE = path.join(ROOT, 'deploy', 'nginx', 'desk.conf');
/** The client's source address: loopback, but not nginx's (127.0.0.1). */
const CLIENT = '127.0.0.2';

/** The first of these commands that runs, or null. */
function findTool(candidates: string[], args: string[]): string | null {
  for (const c of candidates) {
    const r = spawnSync(c, args, { stdio: 'ignore' });
    if (!r.error && r.status === 0) return c;
  }
  return null;
}

// Debian installs nginx in /usr/sbin, which a non-root PATH may lack.
const NGINX = findTool(['nginx', '/usr/sbin/nginx'], ['-v']);
const OPENSSL = findTool(['openssl'], ['version']);
const missing = [
  ...(NGINX ? [] : ['nginx (apt-get install nginx)']),
  ...(OPENSSL ? [] : ['openssl (apt-get install openssl)']),
  ...(PG ? [] : ['TEST_DATABASE_URL (a PostgreSQL server)']),
];
if (missing.length) {
  if (process.env.CI)
    throw new Error(`CI is set but the reverse-proxy test lacks ${missing.join(', ')}: .ci/run installs them`);
  console.warn(`\n*** SKIPPED: the reverse-proxy test (deploy/nginx/desk.conf) needs ${missing.join(', ')} ***\n`);
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** `text` with `pattern` replaced, which must match exactly `count` times (the template's shape). */
function replaceExactly(text: string, pattern: RegExp, count: number, replace: (match: string, i: number) => string) {
  let i = 0;
  const out = text.replace(pattern, (m) => replace(m, i++));
  if (i !== count) throw new Error(`${TEMPLATE}: expected ${count} match(es) of ${pattern}, found ${i}`);
  return out;
}

interface SseEvent {
  id?: string;
  event: string;
  data: any;
  at: number;
}

/** Reads a text/event-stream as EventSource does: the events as they come, a wait for one. */
class EventReader {
  readonly events: SseEvent[] = [];
  ended = false;
  private buffer = '';
  private readonly waiters = new Set<() => void>();

  push(chunk: string) {
    this.buffer += chunk;
    let cut: number;
    while ((cut = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, cut);
      this.buffer = this.buffer.slice(cut + 2);
      const e: SseEvent = { event: 'message', data: undefined, at: Date.now() };
      for (const line of block.split('\n')) {
        if (line.startsWith('id: ')) e.id = line.slice(4);
        else if (line.startsWith('event: ')) e.event = line.slice(7);
        else if (line.startsWith('data: ')) e.data = JSON.parse(line.slice(6));
      }
      if (e.data !== undefined) this.events.push(e);
    }
    this.wake();
  }

  end() {
    this.ended = true;
    this.wake();
  }

  private wake() {
    for (const w of [...this.waiters]) w();
  }

  /** Resolves when `done()` answers something other than undefined, within `ms`. */
  until<T>(done: () => T | undefined, ms: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const v = done();
        if (v === undefined) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(v);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`${what}: not within ${ms} ms (events: ${JSON.stringify(this.events)})`));
      }, ms);
      this.waiters.add(check);
      check();
    });
  }

  /** The first event (already here or to come) that matches. */
  next(match: (e: SseEvent) => boolean, ms = 1000): Promise<SseEvent> {
    return this.until(() => this.events.find(match), ms, 'no matching event');
  }

  get lastId(): string | undefined {
    return this.events.at(-1)?.id;
  }
}

// ---------------------------------------------------------------------------------------------
// The test
// ---------------------------------------------------------------------------------------------

describe.skipIf(missing.length > 0)('N instances behind nginx (deploy/nginx/desk.conf, the built server)', () => {
  const dbName = `desk_proxy_${randomBytes(5).toString('hex')}`;
  let dir: string;
  let ca: Buffer;
  let httpsPort: number;
  let httpPort: number;
  let origin: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let nginx: ChildProcess | undefined;
  let nginxOutput = '';
  let agent: https.Agent;
  let cookie = '';
  const streams: Stream[] = [];

  interface Reply {
    status: number;
    headers: http.IncomingHttpHeaders;
    text: string;
    body: any;
  }

  /** One request to nginx's HTTPS port from the client's address, as a browser on the site sends it. */
  function call(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
    raw?: string,
  ): Promise<Reply> {
    const payload = raw ?? (body === undefined ? undefined : JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const req = https.request(
        {
          host: '127.0.0.1',
          port: httpsPort,
          localAddress: CLIENT,
          ca,
          // The certificate names 127.0.0.1, whatever Host a test sends.
          checkServerIdentity: (_host, peer) => tls.checkServerIdentity('127.0.0.1', peer),
          agent,
          method,
          path: url,
          headers: {
            accept: 'application/json',
            ...(method === 'GET' ? {} : { origin }),
            ...(cookie ? { cookie } : {}),
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: any = null;
            try {
              parsed = JSON.parse(text);
            } catch {
              parsed = null;
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parsed });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  async function data(method: string, url: string, body?: unknown): Promise<any> {
    const r = await call(method, url, body);
    if (r.status >= 300) throw new Error(`${method} ${url}: ${r.status} ${r.text}`);
    return r.body.data;
  }

  interface Stream {
    reader: EventReader;
    /** The answer's status and headers (rejects if they take over a second). */
    ready: Promise<{ status: number; headers: Record<string, unknown> }>;
    close(): void;
  }

  /** GET /api/events through nginx, over HTTP/1.1 or HTTP/2 (as a browser on an http2 site). */
  function openStream(protocol: 'http/1.1' | 'h2', lastEventId?: string): Stream {
    const reader = new EventReader();
    const headers = {
      accept: 'text/event-stream',
      cookie,
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    };
    let close: () => void;
    const ready = new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
      // A proxy that buffers the stream may hold back even its headers.
      const timer = setTimeout(() => reject(new Error(`${protocol} stream: no answer through nginx within 1 s`)), 1000);
      const answered = (r: { status: number; headers: Record<string, unknown> }) => {
        clearTimeout(timer);
        resolve(r);
      };
      if (protocol === 'h2') {
        const session = http2.connect(`https://127.0.0.1:${httpsPort}`, {
          createConnection: () =>
            tls.connect({
              socket: net.connect({ host: '127.0.0.1', port: httpsPort, localAddress: CLIENT }),
              host: '127.0.0.1',
              ca,
              ALPNProtocols: ['h2'],
            }),
        });
        session.on('error', reject);
        const req = session.request({ ':path': '/api/events', ...headers });
        req.setEncoding('utf8');
        req.on('response', (h) => answered({ status: Number(h[':status']), headers: h }));
        req.on('data', (c: string) => reader.push(c));
        req.on('end', () => reader.end());
        req.on('error', () => reader.end());
        close = () => {
          req.close();
          session.close();
        };
      } else {
        const req = https.get(
          { host: '127.0.0.1', port: httpsPort, localAddress: CLIENT, ca, path: '/api/events', headers, agent: false },
          (res) => {
            answered({ status: res.statusCode ?? 0, headers: res.headers });
            res.setEncoding('utf8');
            res.on('data', (c: string) => reader.push(c));
            res.on('end', () => reader.end());
            res.on('error', () => reader.end());
          },
        );
        req.on('error', reject);
        close = () => req.destroy();
      }
    });
    const stream = { reader, ready, close: () => close() };
    streams.push(stream);
    return stream;
  }

  /** The request lines an instance logged (LOG_LEVEL=debug logs every request). */
  function requestLines(s: ServerProcess): Array<{ req: { method: string; url: string; remoteAddress: string } }> {
    return s.output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l))
      .filter((l) => l.msg === 'request completed');
  }

  beforeAll(async () => {
    ensureBuilt();
    dir = tempDir('desk-proxy-');
    [httpsPort, httpPort] = [await freePort(), await freePort()];
    origin = `https://127.0.0.1:${httpsPort}`;

    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    const made = spawnSync(
      OPENSSL!,
      'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=127.0.0.1'
        .split(' ')
        .concat(['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert]),
      { encoding: 'utf8' },
    );
    if (made.status !== 0) throw new Error(`openssl could not make a certificate:\n${made.stderr}`);
    ca = readFileSync(cert);
    agent = new https.Agent({ keepAlive: true, maxSockets: 1 });

    // Two instances, as docs/deployment.md says to run them: one DATABASE_URL and SESSION_SECRET
    // (the harness gives both the same), TRUST_PROXY naming nginx, PUBLIC_ORIGIN the public site.
    await pgAdminQuery(PG!, `create database ${dbName}`);
    const url = new URL(PG!);
    url.pathname = `/${dbName}`;
    const env = { TRUST_PROXY: '127.0.0.1', PUBLIC_ORIGIN: origin, LOG_LEVEL: 'debug' };
    const start = (d: string) => {
      mkdirSync(path.join(dir, d));
      return ServerProcess.start({ dataDir: path.join(dir, d), databaseUrl: url.toString(), env });
    };
    [a, b] = await Promise.all([start('a'), start('b')]);

    // The committed configuration, its instance lines, listen ports and certificate paths replaced.
    let conf = readFileSync(TEMPLATE, 'utf8');
    const ports = [a.port, b.port];
    conf = replaceExactly(conf, /^(\s*)server 127\.0\.0\.1:\d+;/gm, 2, (m, i) => m.replace(/:\d+;/, `:${ports[i]};`));
    conf = replaceExactly(conf, /^(\s*)listen 80;/gm, 1, (m) => m.replace('80', `127.0.0.1:${httpPort}`));
    conf = replaceExactly(conf, /^(\s*)listen 443 ssl http2;/gm, 1, (m) => m.replace('443', `127.0.0.1:${httpsPort}`));
    conf = replaceExactly(conf, /^(\s*)ssl_certificate \S+;/gm, 1, (m) => m.replace(/ \S+;/, ` ${cert};`));
    conf = replaceExactly(conf, /^(\s*)ssl_certificate_key \S+;/gm, 1, (m) => m.replace(/ \S+;/, ` ${key};`));
    // And one line added: nginx ignores the app's X-Accel-Buffering: no here, so the stream must
    // be unbuffered by this file's own settings (without proxy_buffering off it is not).
    conf = replaceExactly(conf, /^(\s*)location \/api\/events \{$/gm, 1, (m) =>
      m.replace('{', '{\n        proxy_ignore_headers X-Accel-Buffering;'),
    );
    writeFileSync(path.join(dir, 'desk.conf'), conf);
    // The http block around it, as /etc/nginx/nginx.conf has one, with its paths in the temp folder.
    // Started by root (CI), nginx would hand its workers to nobody, who cannot enter the test's
    // private temp folder: they stay root, like every other process of the run.
    const at = (name: string) => path.join(dir, name);
    const main = [
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${at('access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${at(`${t}_temp`)};`),
      `  include ${at('desk.conf')};`,
      '}',
    ];
    writeFileSync(at('nginx.conf'), main.join('\n') + '\n');
    nginx = spawn(
      NGINX!,
      [
        '-p',
        dir,
        '-c',
        at('nginx.conf'),
        '-g',
        `daemon off; pid ${at('nginx.pid')}; error_log ${at('error.log')} info;`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    nginx.stdout!.on('data', (c: Buffer) => (nginxOutput += c.toString()));
    nginx.stderr!.on('data', (c: Buffer) => (nginxOutput += c.toString()));
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode}):\n${nginxOutput}${nginxLog()}`);
      const up = await new Promise<boolean>((resolve) => {
        const s = net.connect(httpsPort, '127.0.0.1', () => s.end(() => resolve(true)));
        s.on('error', () => resolve(false));
      });
      if (up) break;
      if (Date.now() > deadline) throw new Error(`nginx did not listen within 10 s:\n${nginxOutput}${nginxLog()}`);
      await sleep(50);
    }
  }, 120_000);

  function nginxLog(): string {
    const file = path.join(dir, 'error.log');
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  }

  afterAll(async () => {
    for (const s of streams) s.close();
    agent?.destroy();
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    await a?.stop('SIGKILL');
    await b?.stop('SIGKILL');
    if (PG) await pgAdminQuery(PG, `drop database if exists ${dbName} with (force)`);
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('signs in over HTTPS: Secure cookies and HSTS; the app sees the client, not nginx nor a forged X-Forwarded-For', async () => {
    const forged = { 'x-forwarded-for': '203.0.113.9' };
    const res = await call('POST', '/api/login', { username: 'admin', password: ADMIN_PASSWORD }, forged);
    expect(res.status).toBe(200);
    const set = [res.headers['set-cookie'] ?? []].flat();
    expect(set.map((c) => c.split('=')[0]).sort()).toEqual(['desk_sid', 'desk_signed_in']);
    // X-Forwarded-Proto https from nginx: the cookies go over HTTPS only, and HSTS is sent.
    for (const c of set) expect(c).toMatch(/;\s*Secure/i);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    cookie = set.map((c) => c.split(';')[0]).join('; ');

    const sessions = await data('GET', '/api/account/sessions');
    expect(sessions.find((s: any) => s.current).address).toBe(CLIENT);

    // A failed sign-in is counted against the client's address (the throttle), whatever it claims.
    const wrong = await call('POST', '/api/login', { username: 'nobody', password: 'wrong-wrong-wrong' }, forged);
    expect(wrong.status).toBe(401);
    const addresses = new Set(
      (await data('GET', '/api/admin/throttles')).map((t: any) => t.address).filter((x: unknown) => x !== null),
    );
    expect([...addresses]).toEqual([CLIENT]);
  });

  it('a change through nginx reaches streams on both instances within a second (HTTP/1.1 and HTTP/2)', async () => {
    const one = openStream('http/1.1');
    const two = openStream('h2');
    for (const s of [one, two]) {
      const { status, headers } = await s.ready;
      expect(status).toBe(200);
      expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(headers['content-encoding']).toBeUndefined();
    }
    const customer = await data('POST', '/api/customers/create', { name: 'Proxy Doors' });
    const started = Date.now();
    await data('PUT', `/api/customers/update/${customer.id}`, { name: 'Proxy Doors Ltd', version: customer.version });
    const told = (e: SseEvent) => e.event === 'customer' && e.data.id === customer.id;
    const [e1, e2] = await Promise.all([one.reader.next(told), two.reader.next(told)]);
    const ms = [e1.at - started, e2.at - started];
    console.log(`[reverse-proxy] a change through nginx reached the streams in ${ms.join(' and ')} ms`);
    for (const m of ms) expect(m).toBeLessThan(1000);
  });

  it('refuses a body over 1 MiB in the API envelope; a forged X-Forwarded-Host gets 421; HTTP goes to HTTPS', async () => {
    // Exactly 1 MiB passes nginx (buffered in its temp folder) and reaches the app, which reads
    // it and refuses the name; a byte more is refused by nginx, in the envelope the app would use.
    const body = (bytes: number) => JSON.stringify({ name: 'x'.repeat(bytes - '{"name":""}'.length) });
    const atLimit = await call('POST', '/api/customers/create', undefined, {}, body(1024 * 1024));
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.message).toMatch(/name/i);
    const tooBig = await call('POST', '/api/customers/create', undefined, {}, body(1024 * 1024 + 1));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ status: 'FAILED', data: null, message: 'The request body is too large.' });
    // The import's location takes a spreadsheet over 1 MiB (up to 20 MB; docs/architecture.md section 15).
    const rows = Array.from({ length: 40_000 }, (_, i) => `PROXY-${i},Torsion spring ${i},12.50`).join('\n');
    const upload = await form(`Item No,Description,Wholesale Price\n${rows}\n`, { dryRun: 'true' });
    expect(upload.payload.length).toBeGreaterThan(1024 * 1024);
    const preview = await call(
      'POST',
      '/api/import/products',
      undefined,
      upload.headers,
      upload.payload.toString('latin1'),
    );
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data).toMatchObject({ rows: 40_000, creates: 40_000, problemCount: 0 });

    // A rebinding page (Host: its own name) cannot claim the site's name in X-Forwarded-Host:
    // nginx sets that header from Host.
    const rebound = await call('GET', '/api/health', undefined, {
      host: 'rebind.example',
      'x-forwarded-host': `127.0.0.1:${httpsPort}`,
    });
    expect(rebound.status).toBe(421);
    expect((await call('GET', '/api/health')).status).toBe(200);

    const redirect = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get({ host: '127.0.0.1', port: httpPort, localAddress: CLIENT, path: '/sales?x=1', agent: false }, resolve)
        .on('error', reject),
    );
    redirect.resume();
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('https://127.0.0.1/sales?x=1');
  });

  it('SIGTERM to one instance: its stream ends and resumes on the other through nginx; nothing goes unanswered', async () => {
    const [one, two] = streams;
    const customer = await data('POST', '/api/customers/create', { name: 'Stopping Doors' });
    let version = customer.version;
    /** Renames the customer through nginx; answers a test for the event it makes, on a reader. */
    const rename = async (name: string, ...readers: EventReader[]) => {
      const marks = readers.map((r) => r.events.length);
      version = (await data('PUT', `/api/customers/update/${customer.id}`, { name, version })).version;
      return readers.map((r, i) =>
        r.next((e) => e.event === 'customer' && e.data.id === customer.id && r.events.indexOf(e) >= marks[i]!),
      );
    };
    await Promise.all(await rename('Stopping Doors 1', one!.reader, two!.reader));

    const stopped = a.stop('SIGTERM');
    // The stream on the stopping instance ends (least_conn put the two streams on the two instances).
    const deadline = Date.now() + 3000;
    while (!one!.reader.ended && !two!.reader.ended) {
      if (Date.now() > deadline) throw new Error('no stream ended within 3 s of SIGTERM');
      await sleep(20);
    }
    const [gone, kept] = one!.reader.ended ? [one!, two!] : [two!, one!];
    await sleep(200);
    expect(kept.reader.ended).toBe(false);

    // Requests go on through nginx while the instance stops, and after.
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await call('GET', '/api/health')).status);
    expect(codes.every((c) => c === 200)).toBe(true);
    const [missed] = await Promise.all(await rename('Stopping Doors 2', kept.reader));

    // The browser reconnects with Last-Event-ID: it lands on the other instance and gets what it missed.
    const again = openStream(gone === one ? 'http/1.1' : 'h2', gone.reader.lastId);
    expect((await again.ready).status).toBe(200);
    expect((await again.reader.next((e) => e.event === 'customer')).id).toBe(missed!.id);
    expect(await stopped).toEqual({ code: 0, signal: null });

    const [r1, r2] = await Promise.all(await rename('Stopping Doors 3', again.reader, kept.reader));
    expect(r1!.id).toBe(r2!.id);
  });

  it('both instances served requests, and logged the client address for every one', () => {
    const lines = [a, b].map(requestLines);
    for (const l of lines) expect(l.length).toBeGreaterThan(0);
    const addresses = new Set(lines.flat().map((l) => l.req.remoteAddress));
    expect([...addresses]).toEqual([CLIENT]);
    console.log(`[reverse-proxy] requests logged: ${lines.map((l) => l.length).join(' and ')}`);
  });
});
