/** Sign-in and sign-out (DESIGN.md section 7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBodySchema } from '@desk/domain';
import { clearSessionCookie, readSessionToken, requireUser, setSessionCookie } from '../../plugins/auth.js';
import { ok } from '../../lib/envelope.js';
import { tooManyRequests, unauthorized } from '../../lib/errors.js';
import { hashToken, type SessionService } from './session.service.js';
import { verifyPassword } from './password.js';
import { LoginThrottle } from './login-throttle.js';
import type { UsersService } from '../users/users.service.js';

export interface AuthRoutesOptions {
  users: UsersService;
  sessions: SessionService;
  throttle: LoginThrottle;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { users, sessions, throttle }) => {
  app.post(
    '/api/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in (form-encoded username and password); sets the session cookie',
        body: loginBodySchema,
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const keys = LoginThrottle.keys(username, request.ip);
      const wait = await throttle.retryAfter(keys);
      if (wait > 0) throw tooManyRequests('Too many failed sign-in attempts. Try again in a minute.', wait);

      const user = await users.findByUsername(username);
      const valid = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !valid) {
        await throttle.recordFailure(keys);
        throw unauthorized('Invalid username or password.');
      }
      await throttle.clear(keys[0] as string);

      // A new session id at every sign-in; any session the browser carried ends.
      const previous = readSessionToken(request);
      if (previous) await sessions.destroy(hashToken(previous));
      const token = await sessions.create(user.id, { ip: request.ip, userAgent: request.headers['user-agent'] });
      setSessionCookie(reply, request, token, Math.floor(sessions.absoluteMs / 1000));
      const roles = await users.rolesOf(user.id);
      return ok({ username: user.username, roles }, 'Signed in.');
    },
  );

  app.post(
    '/api/logout',
    { config: { access: 'user' }, schema: { tags: ['auth'], summary: 'Sign out: ends the session' } },
    async (request, reply) => {
      await sessions.destroy(requireUser(request).sessionId);
      clearSessionCookie(reply, request);
      return ok(null, 'Signed out.');
    },
  );

  // The browser's "am I signed in?" probe. Public and always 200, so a signed-out visitor of the
  // login page causes no failed request (which the browser logs as a console error).
  app.get(
    '/api/session/status',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'Whether this browser is signed in, and as whom (never 401)' },
    },
    async (request) => {
      const user = request.user;
      return ok(user ? { signedIn: true, username: user.username, roles: user.roles } : { signedIn: false });
    },
  );

  app.get(
    '/api/session',
    { config: { access: 'user' }, schema: { tags: ['auth'], summary: 'The signed-in user (name and roles)' } },
    async (request) => {
      const user = requireUser(request);
      return ok({ username: user.username, roles: user.roles });
    },
  );
};
