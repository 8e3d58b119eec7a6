/** Routes that answer without a session: health (for load balancers) and public config. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, publicConfigSchema } from '@desk/domain';
import { ok } from '../../lib/envelope.js';
import { answers } from '../../lib/response-schemas.js';
import { route } from '../../lib/routes.js';
import type { SettingsService } from '../settings/settings.service.js';

export const systemRoutes: FastifyPluginAsyncZod<{ settings: SettingsService; taxRate: number }> = async (
  app,
  opts,
) => {
  app.get(
    '/api/health',
    route('public', ['system'], { summary: 'Liveness check', response: answers.ok(healthSchema) }),
    async () => ok({ healthy: true as const }),
  );

  app.get(
    '/api/config',
    route('public', ['system'], {
      summary: 'What the unauthenticated pages need',
      response: answers.ok(publicConfigSchema),
    }),
    // The stored company name (read per request: another instance may have just saved it).
    async () => ok({ companyName: (await opts.settings.company()).name, taxRate: opts.taxRate }),
  );
};
