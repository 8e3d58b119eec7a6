/**
 * GET /api/search?q=...&limit=5 (signed in): customers, orders, quotes, products and vendor
 * orders matching one text (docs/architecture.md section 13); GET /api/search/prices (signed in):
 * what products cost a customer, an order or a quote, or their list price.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findQuerySchema, findResultSchema, priceQuerySchema, productPricesSchema } from '@desk/domain';
import { ok } from '../../lib/envelope.js';
import { answers } from '../../lib/response-schemas.js';
import { route } from '../../lib/routes.js';
import type { SearchService } from './search.service.js';

export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.get(
    '/api/search',
    route('user', ['search'], {
      summary:
        'Find anything: customers (name, number, contact, phone, e-mail), orders and quotes (id, job name, PO number, customer), products (item number, description) and vendor orders (name), case and accents ignored; at most limit (5) of each',
      querystring: findQuerySchema,
      response: answers.ok(findResultSchema),
    }),
    async (request) => ok(await search.find(request.query.q, request.query.limit)),
  );

  app.get(
    '/api/search/prices',
    route('user', ['search'], {
      summary:
        "Look up prices (staff may): products (ids separated by commas, at most 200; none: every product) priced by the one pricer for one unit, with a customer's multipliers, an order's or a quote's copies of them, or the list price when none is named",
      querystring: priceQuerySchema,
      response: answers.ok(productPricesSchema),
    }),
    async (request) => ok(await search.prices(request.query)),
  );
};
