/**
 * The administrators' view of sign-in security: the throttle counters that may be refusing
 * someone, and clearing one (a locked-out clerk, an address that was a proxy). The throttle
 * itself is the auth module's LoginThrottle (service and repository).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pageSchema,
  securityEventSchema,
  sessionsEndedSchema,
  throttleEntrySchema,
  throttleKeyParamsSchema,
  usernameSchema,
} from '@desk/domain';
import { z } from 'zod';
import { listQuerySchema } from '../../lib/paging.js';
import { requireUser } from '../../plugins/auth.js';
import type { UsersService } from '../users/users.service.js';
import type { SecurityEvents } from './security-events.service.js';
import { ok } from '../../lib/envelope.js';
import { answers } from '../../lib/response-schemas.js';
import { route } from '../../lib/routes.js';
import { notFound } from '../../lib/errors.js';
import type { LoginThrottle } from '../auth/login-throttle.js';

export interface SecurityRoutesOptions {
  throttle: LoginThrottle;
  events: SecurityEvents;
  users: UsersService;
}

export const securityRoutes: FastifyPluginAsyncZod<SecurityRoutesOptions> = async (
  app,
  { throttle, events, users },
) => {
  app.get(
    '/api/admin/throttles',
    route('admin', ['security'], {
      summary: 'Sign-in throttle counters of the last day, newest first',
      response: answers.ok(z.array(throttleEntrySchema)),
    }),
    async () => ok(await throttle.list()),
  );

  app.delete(
    '/api/admin/throttles/:key',
    route('admin', ['security'], {
      summary: 'Clear one throttle counter (the key as listed, URL-encoded)',
      params: throttleKeyParamsSchema,
      response: answers.none,
    }),
    async (request) => {
      const cleared = await throttle.clear([request.params.key]);
      if (cleared === 0) throw notFound('That throttle is already clear.');
      await events.record({
        type: 'throttle-cleared',
        actor: requireUser(request).username,
        address: request.ip,
        detail: request.params.key,
      });
      return ok(null, 'Throttle cleared.');
    },
  );

  app.get(
    '/api/admin/security-events',
    route('admin', ['security'], {
      summary: 'The security log, paged like the lists (page, size, sort, contains filters on each column)',
      querystring: listQuerySchema,
      response: answers.ok(pageSchema(securityEventSchema)),
    }),
    async (request) => ok(await events.list(request.query)),
  );

  app.delete(
    '/api/admin/users/:username/sessions',
    route('admin', ['security'], {
      summary: 'End every session of a user (they must sign in again)',
      params: z.object({ username: usernameSchema }),
      response: answers.ok(sessionsEndedSchema),
    }),
    async (request) => {
      const ended = await users.endSessionsOf(requireUser(request), request.params.username, request.ip);
      return ok({ ended }, `${ended} session${ended === 1 ? '' : 's'} ended.`);
    },
  );
};
