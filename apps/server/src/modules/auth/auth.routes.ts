/** Sign-in and sign-out (docs/architecture.md section 7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBodySchema } from '@desk/domain';
import { clearSessionCookie, readSessionToken, requireUser, setSessionCookie } from '../../plugins/auth.js';
import { ok } from '../../lib/envelope.js';
import { unauthorized } from '../../lib/errors.js';
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
      // Counted before the password is verified: a burst of concurrent guesses cannot outrun it.
      const attempt = await throttle.beginLogin(username, request.ip);
      const user = await users.findByUsername(username);
      const valid = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !valid) {
        await throttle.loginFailed(attempt);
        throw unauthorized('Invalid username or password.');
      }
      await throttle.loginSucceeded(attempt);

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

  app.get(
    '/api/session',
    { config: { access: 'user' }, schema: { tags: ['auth'], summary: 'The signed-in user (name and roles)' } },
    async (request) => {
      const user = requireUser(request);
      return ok({ username: user.username, roles: user.roles });
    },
  );
};
