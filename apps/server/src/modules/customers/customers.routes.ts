/** docs/product.md section 7, Customers. Staff manage customers; every call needs a session. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CUSTOMER_LIST_FIELDS, customerInputSchema, idParamsSchema } from '@desk/domain';
import { ok } from '../../lib/envelope.js';
import { conflict, notFound } from '../../lib/errors.js';
import { listQuerySchema, parseListQuery } from '../../lib/paging.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { plural, updateVersioned } from '../../lib/sql.js';
import type { Database } from '../../db/database.js';
import * as repo from './customers.repository.js';

export const customersRoutes: FastifyPluginAsyncZod<{ database: Database; clock: Clock }> = async (
  app,
  { database, clock },
) => {
  const { db } = database;
  const tags = ['customers'];

  app.get(
    '/api/customers/',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'All customers sorted by id; with page/size/sort/filters a page; with q a search (50 at most)',
        querystring: listQuerySchema,
      },
    },
    async (request) => {
      const query = request.query;
      if (typeof query.q === 'string') return ok(await repo.search(db, query.q));
      const list = parseListQuery(query, CUSTOMER_LIST_FIELDS);
      return ok(list.paged ? await repo.listPage(db, list) : await repo.listAll(db));
    },
  );

  app.get(
    '/api/customers/:id',
    { config: { access: 'user' }, schema: { tags, summary: 'One customer', params: idParamsSchema } },
    async (request) => {
      const customer = await repo.findById(db, request.params.id);
      if (!customer) throw notFound(`Customer ${request.params.id} does not exist.`);
      return ok(customer);
    },
  );

  app.post(
    '/api/customers/create',
    { config: { access: 'user' }, schema: { tags, summary: 'Create a customer', body: customerInputSchema } },
    async (request, reply) => {
      const now = isoAt(clock());
      const { id } = await db
        .insertInto('customers')
        .values({ ...repo.customerValues(request.body), created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return reply.code(201).send(ok(await repo.findById(db, id), 'Customer created'));
    },
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
      },
    },
    async (request) => {
      const { id } = request.params;
      await updateVersioned(
        db,
        'customers',
        id,
        request.body.version,
        { ...repo.customerValues(request.body), updated_at: isoAt(clock()) },
        'Customer',
      );
      return ok(await repo.findById(db, id), 'Customer updated');
    },
  );

  app.delete(
    '/api/customers/delete/:id',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Delete a customer without orders or quotes', params: idParamsSchema },
    },
    async (request) => {
      const { id } = request.params;
      await db.transaction().execute(async (trx) => {
        const customer = await repo.findById(trx, id);
        if (!customer) throw notFound(`Customer ${id} does not exist.`);
        const used = await repo.usage(trx, id);
        if (used.orders || used.quotes) {
          const what = [
            used.orders ? plural(used.orders, 'order') : '',
            used.quotes ? plural(used.quotes, 'quote') : '',
          ]
            .filter(Boolean)
            .join(' and ');
          throw conflict(`Customer ${customer.name} (id ${id}) has ${what}, so it cannot be deleted.`);
        }
        await trx.deleteFrom('customers').where('id', '=', id).execute();
      });
      return ok(null, 'Customer deleted');
    },
  );
};
