/**
 * docs/product.md section 7: Dropdowns and products, Packages. Reads are for all staff; every catalogue
 * write is for administrators (docs/architecture.md section 7).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  associatedPartInputSchema,
  associatedPartSchema,
  associatedPartUpdateSchema,
  bulkPriceResultSchema,
  bulkPriceSchema,
  duplicateProductSchema,
  idParamsSchema,
  idSchema,
  listOrPageSchema,
  orderStatusSchema,
  packageModifierInputSchema,
  packageModifierSchema,
  PRODUCT_LIST_FIELDS,
  productInputSchema,
  productSchema,
  productTypeSchema,
} from '@desk/domain';
import { ok } from '../../lib/envelope.js';
import { idempotencyKey } from '../../lib/idempotency.js';
import { plural } from '../../lib/sql.js';
import { requireUser } from '../../plugins/auth.js';
import { answers } from '../../lib/response-schemas.js';
import { listQuerySchema, parseListQuery } from '../../lib/paging.js';
import { resourceRoutes, route } from '../../lib/routes.js';
import type { EventBus } from '../events/event-bus.js';
import { tellWrites } from '../events/told-writes.js';
import type { CatalogService } from './catalog.service.js';
import type { ProductKind } from './products.repository.js';

const productListQuerySchema = listQuerySchema.refine(
  (q) => q.kind === undefined || q.kind === 'part' || q.kind === 'package',
  {
    error: 'kind must be part or package',
    path: ['kind'],
  },
);

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService; bus?: EventBus }> = async (
  app,
  { catalog, bus },
) => {
  tellWrites(app, bus, 'catalogue');
  app.get(
    '/api/dropdown/order-status',
    route('user', ['dropdowns'], { summary: 'Order statuses', response: answers.ok(z.array(orderStatusSchema)) }),
    async () => ok(await catalog.orderStatuses()),
  );

  app.get(
    '/api/dropdown/product-type',
    route('user', ['dropdowns'], { summary: 'Product types', response: answers.ok(z.array(productTypeSchema)) }),
    async () => ok(await catalog.productTypes()),
  );

  const tags = ['products'];
  app.get(
    '/api/products/',
    route('user', tags, {
      summary: 'All products; with page/size/sort/filters a page; kind=part|package narrows',
      querystring: productListQuerySchema,
      response: answers.ok(listOrPageSchema(productSchema)),
    }),
    async (request) => {
      const { kind, ...rest } = request.query;
      const k = kind as ProductKind;
      const list = parseListQuery(rest, PRODUCT_LIST_FIELDS);
      return ok(list.paged ? await catalog.productPage(list, k) : await catalog.listProducts(k));
    },
  );

  resourceRoutes(app, {
    base: '/api/products',
    noun: 'Product',
    tags,
    access: { read: 'user', write: 'admin' },
    input: productInputSchema,
    output: productSchema,
    summaries: { update: 'Update a product', remove: 'Delete a product not used by a document or package' },
    get: (id) => catalog.getProduct(id),
    create: (body, actor) => catalog.createProduct(body, actor),
    update: (id, body, actor) => catalog.updateProduct(id, body, actor),
    remove: (id, actor) => catalog.deleteProduct(id, actor),
  });

  app.post(
    '/api/products/duplicate/:id',
    route('admin', tags, {
      summary: 'Deep copy under a new item number',
      params: idParamsSchema,
      body: duplicateProductSchema,
      response: answers.created(productSchema),
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send(ok(await catalog.duplicateProduct(request.params.id, request.body.itemNo), 'Product duplicated')),
  );

  app.post(
    '/api/products/bulk-price',
    route('admin', tags, {
      summary:
        'Change the wholesale price of every product a filter matches, by a percentage or an amount in cents (dryRun: the preview only); one transaction, each change in the product history; Idempotency-Key makes a retry answer the first result',
      body: bulkPriceSchema,
      response: answers.ok(bulkPriceResultSchema),
    }),
    async (request) => {
      const result = await catalog.bulkPrice(request.body, requireUser(request), idempotencyKey(request));
      const message = request.body.dryRun
        ? `${plural(result.count, 'product')} would change`
        : result.applied
          ? `${plural(result.count, 'product')} changed`
          : 'No product matches the filter';
      return ok(result, message);
    },
  );

  const ptags = ['packages'];
  app.get(
    '/api/package/associated-parts/:id',
    route('user', ptags, {
      summary: "A package's associated parts",
      params: idParamsSchema,
      response: answers.ok(z.array(associatedPartSchema)),
    }),
    async (request) => ok(await catalog.associatedParts(request.params.id)),
  );

  app.post(
    '/api/package/associated-parts/create/:id',
    route('admin', ptags, {
      summary: 'Link a part to a package (id: the package)',
      params: idParamsSchema,
      body: associatedPartInputSchema,
      response: answers.created(associatedPartSchema),
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await catalog.addAssociatedPart(request.params.id, request.body.child, request.body.quantity),
            'Associated part added',
          ),
        ),
  );

  app.put(
    '/api/package/associated-parts/update/:id',
    route('admin', ptags, {
      summary: "Change an associated part's quantity",
      params: idParamsSchema,
      body: associatedPartUpdateSchema,
      response: answers.ok(associatedPartSchema),
    }),
    async (request) =>
      ok(await catalog.updateAssociatedPart(request.params.id, request.body.quantity), 'Associated part updated'),
  );

  app.delete(
    '/api/package/associated-parts/delete/:id',
    route('admin', ptags, { summary: 'Unlink an associated part', params: idParamsSchema, response: answers.none }),
    async (request) => {
      await catalog.deleteAssociatedPart(request.params.id);
      return ok(null, 'Associated part removed');
    },
  );

  const packageIdParams = z.object({ packageId: idSchema });
  const modifierIdParams = z.object({ modifierId: idSchema });

  app.get(
    '/api/package/modifiers/package/:packageId',
    route('user', ptags, {
      summary: "A package's modifiers",
      params: packageIdParams,
      response: answers.ok(z.array(packageModifierSchema)),
    }),
    async (request) => ok(await catalog.packageModifiers(request.params.packageId)),
  );

  app.post(
    '/api/package/modifiers/create/:packageId',
    route('admin', ptags, {
      summary: 'Add a modifier to a package',
      params: packageIdParams,
      body: packageModifierInputSchema,
      response: answers.created(packageModifierSchema),
    }),
    async (request, reply) =>
      reply.code(201).send(ok(await catalog.createModifier(request.params.packageId, request.body), 'Modifier added')),
  );

  app.put(
    '/api/package/modifiers/update/:modifierId',
    route('admin', ptags, {
      summary: 'Change a package modifier',
      params: modifierIdParams,
      body: packageModifierInputSchema,
      response: answers.ok(packageModifierSchema),
    }),
    async (request) => ok(await catalog.updateModifier(request.params.modifierId, request.body), 'Modifier updated'),
  );

  app.delete(
    '/api/package/modifiers/delete/:modifierId',
    route('admin', ptags, { summary: 'Remove a package modifier', params: modifierIdParams, response: answers.none }),
    async (request) => {
      await catalog.deleteModifier(request.params.modifierId);
      return ok(null, 'Modifier removed');
    },
  );
};
