/** docs/product.md section 7, Vendor orders and linked orders (docs/architecture.md section 3). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idSchema,
  linkedOrderInputSchema,
  linkedOrderSchema,
  listOrPageSchema,
  receiptSchema,
  receiveInputSchema,
  vendorOrderLineInputSchema,
  vendorOrderLineSchema,
  vendorOrderLineUpdateSchema,
  VENDOR_ORDER_LIST_FIELDS,
  vendorOrderInputSchema,
  vendorOrderSchema,
} from '@desk/domain';
import { ok } from '../../lib/envelope.js';
import { idempotencyKey } from '../../lib/idempotency.js';
import { plural } from '../../lib/sql.js';
import { answers } from '../../lib/response-schemas.js';
import { listQuerySchema, parseListQuery } from '../../lib/paging.js';
import { resourceRoutes, route } from '../../lib/routes.js';
import { requireUser } from '../../plugins/auth.js';
import type { VendorOrdersService } from './vendor-orders.service.js';

export const vendorOrdersRoutes: FastifyPluginAsyncZod<{ vendorOrders: VendorOrdersService }> = async (
  app,
  { vendorOrders },
) => {
  const tags = ['vendor orders'];
  const idParams = z.object({ id: idSchema });

  app.get(
    '/api/vendor-orders/',
    route('user', tags, {
      summary: 'Vendor orders; with page/size/sort/filters a page',
      querystring: listQuerySchema,
      response: answers.ok(listOrPageSchema(vendorOrderSchema)),
    }),
    async (request) => {
      const list = parseListQuery(request.query, VENDOR_ORDER_LIST_FIELDS);
      return ok(list.paged ? await vendorOrders.page(list) : await vendorOrders.list());
    },
  );

  resourceRoutes(app, {
    base: '/api/vendor-orders',
    noun: 'Vendor order',
    tags,
    access: { read: 'user', write: 'user' },
    input: vendorOrderInputSchema,
    output: vendorOrderSchema,
    summaries: { update: 'Update a vendor order', remove: 'Delete a vendor order without links' },
    get: (id) => vendorOrders.get(id),
    create: (body, actor) => vendorOrders.create(body, actor),
    update: (id, body, actor) => vendorOrders.update(id, body, actor),
    remove: (id) => vendorOrders.remove(id),
  });

  // ---- lines and receiving (docs/stock.md) ----------------------------------------------------
  const lineParams = z.object({ lineId: idSchema });

  app.get(
    '/api/vendor-orders/:id/lines',
    route('user', tags, {
      summary: "A vendor order's lines: ordered, received and outstanding",
      params: idParams,
      response: answers.ok(z.array(vendorOrderLineSchema)),
    }),
    async (request) => ok(await vendorOrders.lines(request.params.id)),
  );

  app.post(
    '/api/vendor-orders/:id/lines',
    route('user', tags, {
      summary: 'Add a line (a part; a package holds no stock)',
      params: idParams,
      body: vendorOrderLineInputSchema,
      response: answers.created(vendorOrderLineSchema),
    }),
    async (request, reply) => {
      const line = await vendorOrders.addLine(request.params.id, request.body, requireUser(request));
      return reply.code(201).send(ok(line, `${line.itemNo} added`));
    },
  );

  app.put(
    '/api/vendor-orders/lines/:lineId',
    route('user', tags, {
      summary: "Change a line's quantity (never below what was received) and unit cost",
      params: lineParams,
      body: vendorOrderLineUpdateSchema,
      response: answers.ok(vendorOrderLineSchema),
    }),
    async (request) =>
      ok(await vendorOrders.updateLine(request.params.lineId, request.body, requireUser(request)), 'Line saved'),
  );

  app.delete(
    '/api/vendor-orders/lines/:lineId',
    route('user', tags, { summary: 'Remove a line with no receipts', params: lineParams, response: answers.none }),
    async (request) => {
      await vendorOrders.deleteLine(request.params.lineId, requireUser(request));
      return ok(null, 'Line removed');
    },
  );

  app.post(
    '/api/vendor-orders/:id/receive',
    route('user', tags, {
      summary:
        'Receive goods line by line, in one transaction; more than outstanding needs over: true; Idempotency-Key makes a retry answer the first receipt',
      params: idParams,
      body: receiveInputSchema,
      response: answers.created(receiptSchema),
    }),
    async (request, reply) => {
      const receipt = await vendorOrders.receive(
        request.params.id,
        request.body,
        idempotencyKey(request),
        requireUser(request),
      );
      const units = request.body.lines.reduce((n, l) => n + l.quantity, 0);
      return reply.code(201).send(ok(receipt, `Received ${plural(units, 'unit')}`));
    },
  );

  app.post(
    '/api/linked-orders/create',
    route('user', tags, {
      summary: 'Link an order and a vendor order (once per pair)',
      body: linkedOrderInputSchema,
      response: answers.created(linkedOrderSchema),
    }),
    async (request, reply) => {
      const { order, vendorOrder } = request.body;
      return reply.code(201).send(ok(await vendorOrders.link(order, vendorOrder), 'Orders linked'));
    },
  );

  app.post(
    '/api/linked-orders/create-vendor-order/:orderId',
    route('user', tags, {
      summary: 'Order from vendor: a new vendor order already linked to the order, in one transaction',
      params: z.object({ orderId: idSchema }),
      body: vendorOrderInputSchema,
      response: answers.created(linkedOrderSchema),
    }),
    async (request, reply) => {
      const { orderId } = request.params;
      const link = await vendorOrders.createForOrder(orderId, request.body, requireUser(request));
      return reply.code(201).send(ok(link, `Vendor order created and linked to order ${orderId}`));
    },
  );

  app.delete(
    '/api/linked-orders/delete/:id',
    route('user', tags, { summary: 'Remove a link', params: idParams, response: answers.none }),
    async (request) => {
      await vendorOrders.unlink(request.params.id);
      return ok(null, 'Link removed');
    },
  );

  app.get(
    '/api/linked-orders/vendor-orders/:orderId',
    route('user', tags, {
      summary: 'Vendor orders linked to an order',
      params: z.object({ orderId: idSchema }),
      response: answers.ok(z.array(linkedOrderSchema)),
    }),
    async (request) => ok(await vendorOrders.linksOfOrder(request.params.orderId)),
  );

  app.get(
    '/api/linked-orders/orders/:vendorOrderId',
    route('user', tags, {
      summary: 'Orders linked to a vendor order',
      params: z.object({ vendorOrderId: idSchema }),
      response: answers.ok(z.array(linkedOrderSchema)),
    }),
    async (request) => ok(await vendorOrders.linksOfVendorOrder(request.params.vendorOrderId)),
  );
};
