/**
 * The administrators' view of sign-in security: the throttle counters that may be refusing
 * someone, and clearing one (a locked-out clerk, an address that was a proxy). The throttle
 * itself is the auth module's LoginThrottle (service and repository).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { throttleKeyParamsSchema } from '@desk/domain';
import { ok } from '../../lib/envelope.js';
import { notFound } from '../../lib/errors.js';
import type { LoginThrottle } from '../auth/login-throttle.js';

export const securityRoutes: FastifyPluginAsyncZod<{ throttle: LoginThrottle }> = async (app, { throttle }) => {
  app.get(
    '/api/admin/throttles',
    {
      config: { access: 'admin' },
      schema: { tags: ['security'], summary: 'Sign-in throttle counters of the last day, newest first' },
    },
    async () => ok(await throttle.list()),
  );

  app.delete(
    '/api/admin/throttles/:key',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['security'],
        summary: 'Clear one throttle counter (the key as listed, URL-encoded)',
        params: throttleKeyParamsSchema,
      },
    },
    async (request) => {
      const cleared = await throttle.clear([request.params.key]);
      if (cleared === 0) throw notFound('That throttle is already clear.');
      return ok(null, 'Throttle cleared.');
    },
  );
};
