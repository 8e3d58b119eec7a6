/** docs/product.md section 7, Customers. Staff manage customers; every call needs a session. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CUSTOMER_LIST_FIELDS,
  customerInputSchema,
  customerSchema,
  idParamsSchema,
  listOrPageSchema,
} from '@desk/domain';
import { ok } from '../../lib/envelope.js';
import { answers } from '../../lib/response-schemas.js';
import { listQuerySchema, parseListQuery } from '../../lib/paging.js';
import type { CustomersService } from './customers.service.js';

export const customersRoutes: FastifyPluginAsyncZod<{ customers: CustomersService }> = async (app, { customers }) => {
  const tags = ['customers'];

  app.get(
    '/api/customers/',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'All customers sorted by id; with page/size/sort/filters a page; with q a search (50 at most)',
        querystring: listQuerySchema,
        response: answers.ok(listOrPageSchema(customerSchema)),
      },
    },
    async (request) => {
      const query = request.query;
      if (typeof query.q === 'string') return ok(await customers.search(query.q));
      const list = parseListQuery(query, CUSTOMER_LIST_FIELDS);
      return ok(list.paged ? await customers.page(list) : await customers.list());
    },
  );

  app.get(
    '/api/customers/:id',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'One customer', params: idParamsSchema, response: answers.ok(customerSchema) },
    },
    async (request) => ok(await customers.get(request.params.id)),
  );

  app.post(
    '/api/customers/create',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Create a customer',
        body: customerInputSchema,
        response: answers.created(customerSchema),
      },
    },
    async (request, reply) => reply.code(201).send(ok(await customers.create(request.body), 'Customer created')),
  );

  app.put(
    '/api/customers/update/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Update a customer (send version to guard against lost updates)',
        params: idParamsSchema,
        body: customerInputSchema,
        response: answers.ok(customerSchema),
      },
    },
    async (request) => ok(await customers.update(request.params.id, request.body), 'Customer updated'),
  );

  app.delete(
    '/api/customers/delete/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Delete a customer without orders or quotes',
        params: idParamsSchema,
        response: answers.none,
      },
    },
    async (request) => {
      await customers.remove(request.params.id);
      return ok(null, 'Customer deleted');
    },
  );
};
