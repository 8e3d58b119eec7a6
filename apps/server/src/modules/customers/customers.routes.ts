/** docs/product.md section 7, Customers. Staff manage customers, administrators delete them; every call needs a session. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CUSTOMER_LIST_FIELDS, customerInputSchema, customerSchema, listOrPageSchema } from '@desk/domain';
import { ok } from '../../lib/envelope.js';
import { answers } from '../../lib/response-schemas.js';
import { listQuerySchema, parseListQuery } from '../../lib/paging.js';
import { resourceRoutes, route } from '../../lib/routes.js';
import type { EventBus } from '../events/event-bus.js';
import { tellWrites } from '../events/told-writes.js';
import type { CustomersService } from './customers.service.js';

export const customersRoutes: FastifyPluginAsyncZod<{ customers: CustomersService; bus?: EventBus }> = async (
  app,
  { customers, bus },
) => {
  tellWrites(app, bus, 'customer');
  const tags = ['customers'];

  app.get(
    '/api/customers/',
    route('user', tags, {
      summary: 'All customers sorted by id; with page/size/sort/filters a page; with q a search (50 at most)',
      querystring: listQuerySchema,
      response: answers.ok(listOrPageSchema(customerSchema)),
    }),
    async (request) => {
      const query = request.query;
      if (typeof query.q === 'string') return ok(await customers.search(query.q));
      const list = parseListQuery(query, CUSTOMER_LIST_FIELDS);
      return ok(list.paged ? await customers.page(list) : await customers.list());
    },
  );

  resourceRoutes(app, {
    base: '/api/customers',
    noun: 'Customer',
    tags,
    access: { read: 'user', write: 'user', remove: 'admin' },
    input: customerInputSchema,
    output: customerSchema,
    summaries: {
      update: 'Update a customer (send version to guard against lost updates)',
      remove: 'Delete a customer without orders or quotes (administrators)',
    },
    get: (id) => customers.get(id),
    create: (body, actor) => customers.create(body, actor),
    update: (id, body, actor) => customers.update(id, body, actor),
    remove: (id, actor) => customers.remove(id, actor),
  });
};
