/**
 * Access control for every /api route. Each route declares config.access: 'public', 'yard',
 * 'user' or 'admin'; a route under /api that declares none refuses to register, so no route can
 * be added without a decision. 'yard' routes serve every signed-in user, a yard user
 * (ROLE_YARD alone) included: the Loaders area and the session's basics; 'user' routes serve
 * staff and administrators (docs/decisions/029-yard-role.md). The check runs in onRequest, before
 * body parsing and validation, so an anonymous caller learns nothing but 401.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { ROLE_ADMIN, ROLE_USER } from '@desk/domain';
import { forbidden, unauthorized } from '../lib/errors.js';
import type { SessionService, SessionUser } from '../modules/auth/session.service.js';

export type Access = 'public' | 'yard' | 'user' | 'admin';
const ACCESS_LEVELS: readonly Access[] = ['public', 'yard', 'user', 'admin'];
export const SESSION_COOKIE = 'desk_sid';
/**
 * Readable by the page, and secret-free ("1"): "this browser signed in and the session may still
 * be valid". The page asks for its first data at once when it is there, instead of waiting for the
 * session probe (docs/performance.md, cold load). It grants nothing: every request is still
 * checked against the session cookie. It lives and ends with the session cookie.
 */
export const SIGNED_IN_HINT_COOKIE = 'desk_signed_in';

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  /** The route's own schemas (zod: params, querystring, body), for the route walker and fuzz tests. */
  schema?: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route under /api with its declared access, for the route walker test. */
    apiRoutes: ApiRoute[];
  }
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export interface AuthPluginOptions {
  sessions: SessionService;
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export const isAdmin = (user: SessionUser | null) => !!user && user.roles.includes(ROLE_ADMIN);
/** Staff or an administrator: the desk beyond the Loaders area. A yard user is neither. */
export const isDeskUser = (user: SessionUser | null) =>
  !!user && (user.roles.includes(ROLE_USER) || user.roles.includes(ROLE_ADMIN));

/** The 403 a yard user gets outside the Loaders area. */
export const YARD_ONLY_MESSAGE = 'A yard sign-in opens the Loaders only; ask an administrator for staff access.';

export function readSessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

export function setSessionCookie(reply: FastifyReply, request: FastifyRequest, token: string, maxAgeSeconds: number) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    signed: true,
    maxAge: maxAgeSeconds,
  });
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply, request: FastifyRequest) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/', sameSite: 'lax', secure: request.protocol === 'https' });
}

export default fp(async function authPlugin(app: FastifyInstance, opts: AuthPluginOptions) {
  app.decorateRequest('user', null);
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (route.url.startsWith('/api/docs')) {
      // The OpenAPI pages are for staff: they need a session like the rest of the API.
      route.config = { ...(route.config ?? {}), access: 'user' } as typeof route.config;
    }
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access || !ACCESS_LEVELS.includes(access)) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} must declare config.access (public, yard, user or admin)`,
      );
    }
    for (const method of [route.method].flat())
      apiRoutes.push({ method: String(method), url: route.url, access, schema: route.schema });
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return; // not an API route (static files, 404s)
    const token = readSessionToken(request);
    if (token) request.user = await opts.sessions.resolve(token);
    if (access === 'public') return;
    if (!request.user) throw unauthorized();
    if (access === 'yard') return;
    if (!isDeskUser(request.user)) throw forbidden(YARD_ONLY_MESSAGE);
    if (access === 'admin' && !isAdmin(request.user)) throw forbidden();
  });
});
