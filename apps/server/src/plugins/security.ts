/**
 * Security headers (helmet, with a CSP that fits the app; HSTS over HTTPS only; no caching of API
 * answers), the Host check (ALLOWED_HOSTS: 421 for any other host, against DNS rebinding), the
 * refusal of state-changing requests from another origin (docs/architecture.md section 7), the
 * request body rules (JSON only but for the documented login form, UTF-8 only, small bodies on
 * public routes, no deep nesting) and the refusal of text holding a NUL character.
 */
import net from 'node:net';
import os from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { badRequest, forbidden, HttpError, invalidFields } from '../lib/errors.js';
import { fieldMessage, splitPath } from '../lib/field-words.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Public routes (no session) read at most this much: a sign-in form is a few hundred bytes. */
export const PUBLIC_BODY_LIMIT = 4 * 1024;
/** Routes that declare no body (sign-out, PDFs) read at most this much (the web app sends {}). */
export const NO_BODY_LIMIT = 4 * 1024;
/** JSON deeper than this is refused before it is parsed (the deepest body the API takes is 3). */
export const MAX_JSON_DEPTH = 32;
/** The routes that take a form-encoded body (docs/product.md: the sign-in form posts one). */
const FORM_ROUTES = new Set(['POST /api/login']);

export interface SecurityOptions {
  /** The origin the app is served from, when behind a proxy that rewrites Host. */
  publicOrigin?: string | undefined;
  /** ALLOWED_HOSTS; unset: the listen address and the loopback names, on the port connected to. */
  allowedHosts?: string[] | undefined;
  /** HOST, the address the server listens on. */
  listenHost?: string | undefined;
}

interface HostEntry {
  name: string;
  /** undefined: every port; 'local': the port the connection came in on. */
  port: number | 'local' | undefined;
  /** A Host without a port matches too (PUBLIC_ORIGIN on its scheme's default port). */
  portOptional?: boolean;
}

/** 'Example.com:3000' -> { name: 'example.com', port: 3000 }; '[::1]' -> { name: '[::1]' }. */
export function splitHost(host: string): { name: string; port: number | undefined } | null {
  const m = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(host.trim().toLowerCase());
  if (!m) return null;
  return { name: m[1]!.replace(/\.$/, ''), port: m[2] === undefined ? undefined : Number(m[2]) };
}

const hostName = (address: string) => (net.isIP(address) === 6 ? `[${address.toLowerCase()}]` : address.toLowerCase());

/** The hosts this server answers for (see SecurityOptions.allowedHosts). */
export function allowedHostEntries(opts: SecurityOptions): HostEntry[] {
  const entries: HostEntry[] = [];
  if (opts.allowedHosts?.length) {
    for (const h of opts.allowedHosts) {
      const parsed = splitHost(h);
      if (parsed) entries.push(parsed);
    }
  } else {
    const listen = opts.listenHost ?? '127.0.0.1';
    const names = new Set(['localhost', '127.0.0.1', '[::1]']);
    if (listen === '0.0.0.0' || listen === '::') {
      // Listening everywhere: the machine's own addresses are its names (a rebinding attack
      // needs a DNS name, never an address literal).
      for (const list of Object.values(os.networkInterfaces()))
        for (const i of list ?? []) if (!i.address.includes('%')) names.add(hostName(i.address));
    } else names.add(hostName(listen));
    for (const name of names) entries.push({ name, port: 'local' });
  }
  if (opts.publicOrigin) {
    const u = new URL(opts.publicOrigin);
    entries.push({
      name: hostName(u.hostname.replace(/^\[|\]$/g, '')),
      port: u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80,
      portOptional: !u.port,
    });
  }
  return entries;
}

/**
 * Whether a Host (or an Origin's host) names this server. `localPort` is the port the connection
 * came in on (undefined for requests injected in tests); a Host without a port means the
 * protocol's default port.
 */
export function hostAllowed(
  entries: HostEntry[],
  host: string,
  protocol: string,
  localPort: number | undefined,
): boolean {
  const parsed = splitHost(host);
  if (!parsed) return false;
  const port = parsed.port ?? (protocol === 'https' ? 443 : 80);
  return entries.some((e) => {
    if (e.name !== parsed.name) return false;
    if (e.port === undefined) return true;
    if (e.port === 'local') return localPort === undefined || localPort === port;
    return e.port === port || (parsed.port === undefined && e.portOptional === true);
  });
}

export function isCrossOrigin(request: FastifyRequest, entries: HostEntry[], publicOrigin?: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (origin === 'null') return true;
    if (publicOrigin && origin === new URL(publicOrigin).origin) return false;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return true;
    }
    // Compared with the hosts this server answers for, never with the Host the client sent.
    if (url.protocol !== `${request.protocol}:`) return true;
    return !hostAllowed(entries, url.host, request.protocol, request.socket?.localPort);
  }
  // No Origin header: browsers still say where the request came from.
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

/**
 * Whether JSON text nests deeper than `max` (objects and arrays, outside strings). One pass over
 * the characters, stopping at the first level too deep: cheap next to parsing 400,000 levels.
 */
export function jsonTooDeep(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

/** The charset parameter of a Content-Type, lower-cased, or undefined. */
function charsetOf(contentType: string): string | undefined {
  const m = /;\s*charset\s*=\s*("?)([^";\s]*)\1/i.exec(contentType);
  return m ? m[2]!.toLowerCase() : undefined;
}

const unsupportedMediaType = (message: string) => new HttpError(415, message, 'UNSUPPORTED_MEDIA_TYPE');

/**
 * Where a NUL character (U+0000) hides in parsed input ('body.jobName'), or null. PostgreSQL
 * cannot hold it in text, so it is refused up front, the same on both databases.
 */
export function findNul(value: unknown, at: string): string | null {
  const stack: Array<[unknown, string]> = [[value, at]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k.includes('\u0000')) return path;
        stack.push([x, Array.isArray(v) ? `${path}[${k}]` : `${path}.${k}`]);
      }
    }
  }
  return null;
}

export default fp(async function securityPlugin(app: FastifyInstance, opts: SecurityOptions) {
  const hosts = allowedHostEntries(opts);

  // First of all: a Host this server does not answer for (a DNS-rebinding page, a misrouted
  // proxy) gets 421 and nothing else.
  app.addHook('onRequest', async (request) => {
    if (!hostAllowed(hosts, request.host, request.protocol, request.socket?.localPort)) {
      throw new HttpError(
        421,
        'This server does not answer for that host name. An administrator can add it to ALLOWED_HOSTS.',
        'MISDIRECTED_REQUEST',
      );
    }
  });

  // helmet's middleware, built once: @fastify/helmet built it (and parsed the CSP) for every
  // request, about a tenth of a millisecond each (docs/performance.md, "Stock (issue 33)").
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // react-select (emotion) injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        // OWASP ASVS 5.0 3.4.3: object-src and base-uri 'none' (the app sets no <base>).
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sent below, over HTTPS only (RFC 6797 7.2: never over plain HTTP).
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (e?: unknown) => done(e instanceof Error ? e : undefined));
  });

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (isCrossOrigin(request, hosts, opts.publicOrigin)) {
      throw forbidden('Cross-origin request refused.');
    }
  });

  // Small bodies where a small body is all a route takes. Fastify counts while the body streams
  // in (and checks Content-Length first), so an oversized body is refused before it is read.
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit !== undefined || !route.url.startsWith('/api')) return;
    const access = (route.config as { access?: string } | undefined)?.access;
    if (access === 'public') route.bodyLimit = PUBLIC_BODY_LIMIT;
    else if (!route.schema?.body) route.bodyLimit = NO_BODY_LIMIT;
  });

  // After the access check, before the body is read: JSON only (the login form excepted), UTF-8 only.
  app.addHook('preParsing', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') {
      // Fastify never reads a GET body; one announced over the route's limit is refused all the same.
      const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 0;
      if (Number(request.headers['content-length'] ?? 0) > limit) {
        throw new HttpError(413, 'The request body is too large.', 'PAYLOAD_TOO_LARGE');
      }
      return;
    }
    const contentType = request.headers['content-type'];
    if (!contentType) return;
    const charset = charsetOf(contentType);
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      throw unsupportedMediaType('Unsupported character set: send the request body as UTF-8.');
    }
    if (
      /^\s*application\/x-www-form-urlencoded\b/i.test(contentType) &&
      !FORM_ROUTES.has(`${request.method} ${request.routeOptions.url ?? ''}`)
    ) {
      throw unsupportedMediaType('Unsupported content type: send application/json.');
    }
  });

  // JSON as Fastify parses it (prototype poisoning refused), after a cheap depth check: parsing
  // 400,000 nested arrays costs seconds of CPU, scanning them a millisecond.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonTooDeep(body as string, MAX_JSON_DEPTH)) {
      done(badRequest('The request is nested too deeply.'), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });

  const hsts = 'max-age=31536000; includeSubDomains';
  app.addHook('onSend', async (request, reply) => {
    // A body refused as too large is not read to its end: the connection closes instead.
    if (reply.statusCode === 413) reply.header('connection', 'close');
    // ASVS 3.4.1: a year, subdomains included, on answers that came over HTTPS.
    if (request.protocol === 'https') reply.header('strict-transport-security', hsts);
    // API answers hold customer and pricing data: browsers and proxies must not keep them.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.addHook('preValidation', async (request) => {
    const where =
      findNul(request.params, 'params') ?? findNul(request.query, 'querystring') ?? findNul(request.body, 'body');
    if (where) {
      const { part, path } = splitPath(where);
      const problem = 'may not contain the NUL character (U+0000)';
      const issues = path.length ? [{ field: path.join('.'), message: `${problem}.` }] : [];
      throw invalidFields(`${fieldMessage(part, path, problem)}.`, issues);
    }
  });
});
