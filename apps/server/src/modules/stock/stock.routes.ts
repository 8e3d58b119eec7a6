/** Stock (docs/stock.md): the list, a product's stock and moves, availability, adjustments, counts, reorder. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustmentInputSchema,
  availabilitySchema,
  countAppliedSchema,
  countEntrySchema,
  countStartSchema,
  idSchema,
  pageSchema,
  pdfFileSchema,
  productStockSchema,
  reorderInputSchema,
  reorderRowSchema,
  reorderSettingsSchema,
  STOCK_LIST_FIELDS,
  stockCheckSchema,
  stockCountSchema,
  stockCountSummarySchema,
  stockMoveSchema,
  stockRowSchema,
  vendorOrderSchema,
  type DocumentKind,
} from '@desk/domain';
import { ok } from '../../lib/envelope.js';
import { idempotencyKey } from '../../lib/idempotency.js';
import { listQuerySchema, parseListQuery } from '../../lib/paging.js';
import { answers } from '../../lib/response-schemas.js';
import { route } from '../../lib/routes.js';
import { plural } from '../../lib/sql.js';
import { requireUser } from '../../plugins/auth.js';
import type { VendorOrdersService } from '../vendor-orders/vendor-orders.service.js';
import type { StockService } from './stock.service.js';

const movesQuerySchema = z.object({
  page: z.coerce.number().int().min(1, { error: 'must be 1 or more' }).max(10_000_000).optional().default(1),
  size: z.coerce.number().int().min(1).max(100, { error: 'must be at most 100' }).optional().default(20),
});

export const stockRoutes: FastifyPluginAsyncZod<{ stock: StockService; vendorOrders: VendorOrdersService }> = async (
  app,
  { stock, vendorOrders },
) => {
  const tags = ['stock'];
  const productParams = z.object({ productId: idSchema });
  const idParams = z.object({ id: idSchema });

  app.get(
    '/api/stock',
    route('user', tags, {
      summary:
        'The stock list: on hand, reserved, available, on order and next arrival per product (packages hold none)',
      querystring: listQuerySchema,
      response: answers.ok(pageSchema(stockRowSchema)),
    }),
    async (request) =>
      ok(await stock.page(parseListQuery(request.query, STOCK_LIST_FIELDS, 'itemNo', ['short', 'countNeeded']))),
  );

  app.get(
    '/api/stock/check',
    route('admin', tags, {
      summary: "Recomputes on hand from the ledger and the needs from the open orders' carts: every difference",
      response: answers.ok(stockCheckSchema),
    }),
    async () => {
      const check = await stock.check();
      return ok(
        check,
        check.mismatches.length ? `${plural(check.mismatches.length, 'mismatch', 'mismatches')}` : 'Stock adds up',
      );
    },
  );

  app.get(
    '/api/stock/reorder',
    route('user', tags, {
      summary: 'Products whose available + on order is below their reorder point, with a suggested quantity',
      response: answers.ok(z.array(reorderRowSchema)),
    }),
    async () => ok(await stock.reorderList()),
  );

  app.post(
    '/api/stock/reorder',
    route('user', tags, {
      summary: 'A new vendor order with these lines (the reorder list in one step)',
      body: reorderInputSchema,
      response: answers.created(vendorOrderSchema),
    }),
    async (request, reply) => {
      const vo = await vendorOrders.createWithLines(request.body.name, request.body.lines, requireUser(request));
      return reply
        .code(201)
        .send(ok(vo, `Vendor order ${vo.name} created with ${plural(request.body.lines.length, 'line')}`));
    },
  );

  app.post(
    '/api/stock/adjustments',
    route('admin', tags, {
      summary: 'Adjust on hand by hand, with a reason; Idempotency-Key makes a retry answer the first move',
      body: adjustmentInputSchema,
      response: answers.created(stockMoveSchema),
    }),
    async (request, reply) => {
      const move = await stock.adjust(request.body, idempotencyKey(request), requireUser(request));
      return reply.code(201).send(ok(move, `Adjusted by ${move.quantity}: ${move.onHandAfter} on hand`));
    },
  );

  app.get(
    '/api/stock/counts',
    route('user', tags, { summary: 'Counts, newest first', response: answers.ok(z.array(stockCountSummarySchema)) }),
    async () => ok(await stock.listCounts()),
  );

  app.post(
    '/api/stock/counts',
    route('user', tags, {
      summary: 'Start a count: the chosen products, each expected at its on hand now',
      body: countStartSchema,
      response: answers.created(stockCountSchema),
    }),
    async (request, reply) => {
      const count = await stock.startCount(request.body, requireUser(request));
      return reply.code(201).send(ok(count, `Count ${count.id} started: ${plural(count.lines.length, 'product')}`));
    },
  );

  app.get(
    '/api/stock/counts/:id',
    route('user', tags, { summary: 'A count', params: idParams, response: answers.ok(stockCountSchema) }),
    async (request) => ok(await stock.count(request.params.id)),
  );

  app.put(
    '/api/stock/counts/:id',
    route('user', tags, {
      summary: 'Enter counted quantities',
      params: idParams,
      body: countEntrySchema,
      response: answers.ok(stockCountSchema),
    }),
    async (request) => ok(await stock.enterCount(request.params.id, request.body), 'Counts saved'),
  );

  app.get(
    '/api/stock/counts/:id/sheet.pdf',
    route('user', tags, {
      summary: "A count's printable sheet: each product, its expected quantity and a box for the count",
      params: idParams,
      response: { 200: pdfFileSchema },
      produces: ['application/pdf'],
    }),
    async (request, reply) => {
      const pdf = await stock.countSheet(request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="count-${request.params.id}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    '/api/stock/counts/:id/apply',
    route('admin', tags, {
      summary: 'Apply a count: each counted product moves by counted - expected; twice: 409',
      params: idParams,
      response: answers.ok(countAppliedSchema),
    }),
    async (request) => {
      const applied = await stock.applyCount(request.params.id, requireUser(request));
      return ok(applied, `Count ${request.params.id} applied: ${plural(applied.lines.length, 'product')}`);
    },
  );

  app.get(
    '/api/stock/:productId',
    route('user', tags, {
      summary: "A product's stock; a package: how many whole packages its parts' free stock makes",
      params: productParams,
      response: answers.ok(productStockSchema),
    }),
    async (request) => ok(await stock.product(request.params.productId)),
  );

  app.get(
    '/api/stock/:productId/moves',
    route('user', tags, {
      summary: "A product's moves, newest first",
      params: productParams,
      querystring: movesQuerySchema,
      response: answers.ok(pageSchema(stockMoveSchema)),
    }),
    async (request) => ok(await stock.moves(request.params.productId, request.query.page, request.query.size)),
  );

  app.put(
    '/api/stock/:productId/reorder',
    route('user', tags, {
      summary: "Set a product's reorder point and quantity",
      params: productParams,
      body: reorderSettingsSchema,
      response: answers.ok(stockRowSchema),
    }),
    async (request) => ok(await stock.setReorder(request.params.productId, request.body), 'Reorder point saved'),
  );

  for (const kind of ['order', 'quote'] as const satisfies readonly DocumentKind[]) {
    app.get(
      `/api/${kind}s/:id/availability`,
      route('user', tags, {
        summary:
          kind === 'order'
            ? 'What the order needs, product by product, and what the shelf covers (promised oldest first)'
            : 'What the quote would need, product by product, and what the shelf would cover if it were placed now',
        params: idParams,
        response: answers.ok(availabilitySchema),
      }),
      async (request) => ok(await stock.availability(kind, request.params.id)),
    );
  }
};
