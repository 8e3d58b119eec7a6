/** Sign-in and sign-out (docs/architecture.md section 7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBodySchema, sessionInfoSchema, sessionStatusSchema, signInRefusedSchema } from '@desk/domain';
import { clearSessionCookie, readSessionToken, requireUser, setSessionCookie } from '../../plugins/auth.js';
import { ok } from '../../lib/envelope.js';
import { answers } from '../../lib/response-schemas.js';
import { route } from '../../lib/routes.js';
import { tooManyRequests, unauthorized } from '../../lib/errors.js';
import { hashToken, type SessionService } from './session.service.js';
import { verifyPassword } from './password.js';
import { LOGIN_THROTTLED_MESSAGE, type LoginThrottle } from './login-throttle.js';
import type { MfaService } from './mfa.service.js';
import type { SecurityEvents } from '../security/security-events.service.js';
import type { UsersService } from '../users/users.service.js';
import { CLEAR_CACHE } from '../../plugins/session-data.js';

export interface AuthRoutesOptions {
  users: UsersService;
  sessions: SessionService;
  throttle: LoginThrottle;
  mfa: MfaService;
  events: SecurityEvents;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { users, sessions, throttle, mfa, events },
) => {
  app.post(
    '/api/login',
    route('public', ['auth'], {
      summary:
        'Sign in (form-encoded username and password, and totp when two-factor sign-in is on); sets the session cookie. 401 with data.mfaRequired when the code is needed.',
      body: loginBodySchema,
      response: { ...answers.ok(sessionInfoSchema), 401: signInRefusedSchema },
    }),
    async (request, reply) => {
      const { username, password, totp } = request.body;
      const address = request.ip;
      // Counted before the password is verified: a burst of concurrent guesses cannot outrun it.
      const { attempt, refused } = await throttle.beginLogin(username, address);
      if (refused) {
        if (refused.first)
          await events.record({
            type: 'sign-in-throttled',
            username: attempt.username,
            address,
            detail: `limit: ${refused.limit}`,
          });
        throw tooManyRequests(LOGIN_THROTTLED_MESSAGE, refused.retryAfter);
      }
      const user = await users.findByUsername(username);
      const valid = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !valid) {
        await throttle.loginFailed(attempt);
        await events.record({ type: 'sign-in-failed', userId: user?.id ?? null, username: attempt.username, address });
        throw unauthorized('Invalid username or password.');
      }
      if (user.mfa_secret) {
        // The password was right; the code is the second factor, counted like a password.
        if (!totp) {
          return reply.code(401).send({
            status: 'FAILED',
            data: { mfaRequired: true },
            message: 'Enter the 6-digit code from your authenticator app.',
          });
        }
        const proof = await mfa.verify(user.id, user.username, totp);
        if (!proof) {
          await throttle.loginFailed(attempt);
          await events.record({ type: 'mfa-failed', userId: user.id, username: user.username, address });
          return reply.code(401).send({
            status: 'FAILED',
            data: { mfaRequired: true },
            message: 'That code is not right, or was already used. Enter the code your app shows now.',
          });
        }
        if (proof === 'recovery')
          await events.record({ type: 'recovery-code-used', userId: user.id, username: user.username, address });
      }
      await throttle.loginSucceeded(attempt);

      // A new session id at every sign-in; any session the browser carried ends.
      const previous = readSessionToken(request);
      if (previous) await sessions.destroy(hashToken(previous));
      const token = await sessions.create(user.id, { ip: request.ip, userAgent: request.headers['user-agent'] });
      setSessionCookie(reply, request, token, Math.floor(sessions.absoluteMs / 1000));
      const roles = await users.rolesOf(user.id);
      await events.record({ type: 'sign-in', userId: user.id, username: user.username, address });
      return ok({ username: user.username, roles }, 'Signed in.');
    },
  );

  app.post(
    '/api/logout',
    route('yard', ['auth'], { summary: 'Sign out: ends the session', response: answers.none }),
    async (request, reply) => {
      const user = requireUser(request);
      await sessions.destroy(user.sessionId);
      await events.record({ type: 'sign-out', userId: user.userId, username: user.username, address: request.ip });
      clearSessionCookie(reply, request);
      // The browser's HTTP cache keeps nothing of the session (plugins/session-data.ts).
      reply.header('clear-site-data', CLEAR_CACHE);
      return ok(null, 'Signed out.');
    },
  );

  // The browser's "am I signed in?" probe. Public and always 200, so a signed-out visitor of the
  // login page causes no failed request (which the browser logs as a console error).
  app.get(
    '/api/session/status',
    route('public', ['auth'], {
      summary: 'Whether this browser is signed in, and as whom (never 401)',
      response: answers.ok(sessionStatusSchema),
    }),
    async (request) => {
      const user = request.user;
      return ok(
        user ? { signedIn: true as const, username: user.username, roles: user.roles } : { signedIn: false as const },
      );
    },
  );

  app.get(
    '/api/session',
    route('yard', ['auth'], {
      summary: 'The signed-in user (name and roles)',
      response: answers.ok(sessionInfoSchema),
    }),
    async (request) => {
      const user = requireUser(request);
      return ok({ username: user.username, roles: user.roles });
    },
  );
};
