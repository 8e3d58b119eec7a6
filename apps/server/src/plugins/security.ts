/**
 * Security headers (helmet, with a CSP that fits the app) and the refusal of state-changing
 * requests from another origin (DESIGN.md section 7).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { forbidden } from '../lib/errors.js';

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
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 15552000, includeSubDomains: true },
    referrerPolicy: { policy: 'same-origin' },
  });

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (isCrossOrigin(request, opts.publicOrigin)) {
      throw forbidden('Cross-origin request refused.');
    }
  });
});
