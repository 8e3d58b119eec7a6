/**
 * Security headers (helmet, with a CSP that fits the app; no caching of API answers), the
 * refusal of state-changing requests from another origin (DESIGN.md section 7) and of text
 * holding a NUL character.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { badRequest, forbidden } from '../lib/errors.js';
import { fieldMessage, splitPath } from '../lib/field-words.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SecurityOptions {
  /** The origin the app is served from, when behind a proxy that rewrites Host. */
  publicOrigin?: string | undefined;
}

export function isCrossOrigin(request: FastifyRequest, publicOrigin?: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (origin === 'null') return true;
    const expected = publicOrigin ? [new URL(publicOrigin).origin] : [];
    const host =
      request.headers['x-forwarded-host'] && (request.server.initialConfig as { trustProxy?: unknown }).trustProxy
        ? String(request.headers['x-forwarded-host'])
        : request.headers.host;
    if (host) expected.push(`${request.protocol}://${host}`);
    return !expected.includes(origin);
  }
  // No Origin header: browsers still say where the request came from.
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

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
  await app.register(helmet, {
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
    // ASVS 3.4.1: at least a year, subdomains included (browsers heed it over HTTPS only).
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
    referrerPolicy: { policy: 'same-origin' },
  });

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (isCrossOrigin(request, opts.publicOrigin)) {
      throw forbidden('Cross-origin request refused.');
    }
  });

  // API answers hold customer and pricing data: browsers and proxies must not keep them.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.addHook('preValidation', async (request) => {
    const where =
      findNul(request.params, 'params') ?? findNul(request.query, 'querystring') ?? findNul(request.body, 'body');
    if (where) {
      const { part, path } = splitPath(where);
      throw badRequest(`${fieldMessage(part, path, 'may not contain the NUL character (U+0000)')}.`);
    }
  });
});
