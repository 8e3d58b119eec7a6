/** Routes that answer without a session: health (for load balancers) and public config. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';

export const systemRoutes: FastifyPluginAsyncZod<{ companyName: string; taxRate: number }> = async (app, opts) => {
  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { tags: ['system'], summary: 'Liveness check' } },
    async () => ok({ healthy: true }),
  );

  app.get(
    '/api/config',
    { config: { access: 'public' }, schema: { tags: ['system'], summary: 'What the unauthenticated pages need' } },
    async () => ok({ companyName: opts.companyName, taxRate: opts.taxRate }),
  );
};
