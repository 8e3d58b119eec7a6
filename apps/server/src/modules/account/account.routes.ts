/**
 * The signed-in user's own security: two-factor sign-in (enrol, confirm, turn off) and the
 * sessions they have open (list, end one). docs/decisions/013-two-factor-sessions-events.md.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountSessionSchema,
  mfaDisableBodySchema,
  mfaEnableBodySchema,
  mfaEnabledSchema,
  mfaSetupSchema,
  mfaStatusSchema,
  sessionIdParamsSchema,
} from '@desk/domain';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/envelope.js';
import { answers } from '../../lib/response-schemas.js';
import { route } from '../../lib/routes.js';
import { badRequest, invalidField, notFound } from '../../lib/errors.js';
import { SessionService } from '../auth/session.service.js';
import type { MfaService } from '../auth/mfa.service.js';
import type { SecurityEvents } from '../security/security-events.service.js';
import type { UsersService } from '../users/users.service.js';

export interface AccountRoutesOptions {
  users: UsersService;
  sessions: SessionService;
  mfa: MfaService;
  events: SecurityEvents;
}

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { users, sessions, mfa, events },
) => {
  const tags = ['account'];

  app.get(
    '/api/account/mfa',
    route('yard', tags, {
      summary: 'Whether two-factor sign-in is on, and recovery codes left',
      response: answers.ok(mfaStatusSchema),
    }),
    async (request) => ok(await mfa.status(requireUser(request).userId)),
  );

  app.post(
    '/api/account/mfa/setup',
    route('yard', tags, {
      summary: 'A new TOTP key: the otpauth URI (also as a QR code) and the key to type by hand',
      response: answers.ok(mfaSetupSchema),
    }),
    async (request) => {
      const user = requireUser(request);
      return ok(await mfa.setup(user.userId, user.username), 'Scan the code, then confirm with the 6 digits it shows.');
    },
  );

  app.post(
    '/api/account/mfa/enable',
    route('yard', tags, {
      summary: 'Turn two-factor sign-in on with a code; answers ten recovery codes, once',
      body: mfaEnableBodySchema,
      response: answers.ok(mfaEnabledSchema),
    }),
    async (request) => {
      const user = requireUser(request);
      const recoveryCodes = await mfa.enable(user.userId, user.username, request.body.code);
      // Whoever else was signed in as this user must now sign in with the second factor.
      await sessions.destroyAllFor(user.userId, user.sessionId);
      await events.record({ type: 'mfa-enabled', userId: user.userId, username: user.username, address: request.ip });
      return ok({ recoveryCodes }, 'Two-factor sign-in is on. Keep the recovery codes somewhere safe.');
    },
  );

  app.post(
    '/api/account/mfa/disable',
    route('yard', tags, {
      summary: 'Turn two-factor sign-in off (needs the password and a code)',
      body: mfaDisableBodySchema,
      response: answers.none,
    }),
    async (request) => {
      const user = requireUser(request);
      if (!(await mfa.isEnabled(user.userId))) throw badRequest('Two-factor sign-in is not on.');
      await users.verifyOwnPassword(user, request.body.password, request.ip);
      if (!(await mfa.verify(user.userId, user.username, request.body.code))) {
        await events.record({ type: 'mfa-failed', userId: user.userId, username: user.username, address: request.ip });
        throw invalidField('code', 'that code is not right, or was already used.');
      }
      await mfa.disable(user.userId);
      // A factor changed: whoever else is signed in as this user signs in again.
      await sessions.destroyAllFor(user.userId, user.sessionId);
      await events.record({ type: 'mfa-disabled', userId: user.userId, username: user.username, address: request.ip });
      return ok(null, 'Two-factor sign-in is off.');
    },
  );

  app.get(
    '/api/account/sessions',
    route('yard', tags, {
      summary: "The caller's open sessions, newest first",
      response: answers.ok(z.array(accountSessionSchema)),
    }),
    async (request) => {
      const user = requireUser(request);
      const current = SessionService.publicId(user.sessionId);
      const rows = await sessions.listFor(user.userId);
      return ok(
        rows.map((r) => ({
          id: r.publicId,
          createdAt: r.created_at,
          lastSeenAt: r.last_seen_at,
          address: r.ip,
          userAgent: r.user_agent,
          current: r.publicId === current,
        })),
      );
    },
  );

  app.delete(
    '/api/account/sessions/:id',
    route('yard', tags, {
      summary: 'End one of your sessions (signs that browser out)',
      params: sessionIdParamsSchema,
      response: answers.none,
    }),
    async (request) => {
      const user = requireUser(request);
      if (!(await sessions.destroyByPublicId(user.userId, request.params.id)))
        throw notFound('That session has already ended.');
      await events.record({
        type: 'session-ended',
        userId: user.userId,
        username: user.username,
        address: request.ip,
        detail: request.params.id === SessionService.publicId(user.sessionId) ? 'this session' : 'another session',
      });
      return ok(null, 'Session ended.');
    },
  );
};
