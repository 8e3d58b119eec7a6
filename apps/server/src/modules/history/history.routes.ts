/**
 * GET /api/{orders,quotes,customers,products,vendor-orders}/{id}/history: the change history, newest first,
 * paged like the lists (docs/architecture.md section 9).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { historyItemSchema, historyQuerySchema, idSchema, pageSchema, type HistorySubject } from '@desk/domain';
import { ok } from '../../lib/envelope.js';
import { answers } from '../../lib/response-schemas.js';
import { route } from '../../lib/routes.js';
import type { HistoryService } from './history.service.js';

const PATHS: Record<HistorySubject, string> = {
  order: 'orders',
  quote: 'quotes',
  customer: 'customers',
  product: 'products',
  'vendor-order': 'vendor-orders',
};

export const historyRoutes: FastifyPluginAsyncZod<{ history: HistoryService }> = async (app, { history }) => {
  for (const [subject, plural] of Object.entries(PATHS) as Array<[HistorySubject, string]>) {
    app.get(
      `/api/${plural}/:id/history`,
      route('user', [plural], {
        summary: `The ${subject}'s change history: who changed what and when, newest first (page, size)`,
        params: z.object({ id: idSchema }),
        querystring: historyQuerySchema,
        response: answers.ok(pageSchema(historyItemSchema)),
      }),
      async (request) => ok(await history.page(subject, request.params.id, request.query.page, request.query.size)),
    );
  }
};
