/** docs/product.md section 7, Vendor orders and linked orders (docs/architecture.md section 3). */
import { sql, type Kysely, type Selectable } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idSchema,
  linkedOrderInputSchema,
  VENDOR_ORDER_LIST_FIELDS,
  vendorOrderInputSchema,
  type LinkedOrder,
  type VendorOrder,
  type VendorOrderInput,
} from '@desk/domain';
import type { Database } from '../../db/database.js';
import type { DB, VendorOrdersTable } from '../../db/schema.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { ok } from '../../lib/envelope.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { listQuerySchema, parseListQuery, runPagedList, type ListColumns } from '../../lib/paging.js';
import { plural, updateVersioned, type Db } from '../../lib/sql.js';

const COLUMNS: ListColumns = {
  id: sql`vendor_orders.id`,
  name: sql`vendor_orders.name`,
  description: sql`vendor_orders.description`,
  estimatedArrival: sql`vendor_orders.estimated_arrival`,
  status: sql`vendor_orders.status`,
};

/** The column's check constraint allows only these statuses. */
const vendorStatus = (s: string) => s as VendorOrder['status'];

const toVendorOrder = (r: Selectable<VendorOrdersTable>): VendorOrder => ({
  id: r.id,
  name: r.name,
  description: r.description,
  estimatedArrival: r.estimated_arrival,
  status: vendorStatus(r.status),
  version: r.version,
});

const values = (v: VendorOrderInput) => ({
  name: v.name,
  description: v.description,
  estimated_arrival: v.estimatedArrival,
  status: v.status,
});

async function findVendorOrder(db: Db, id: number) {
  const row = await db.selectFrom('vendor_orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`Vendor order ${id} does not exist.`);
  return toVendorOrder(row);
}

function linkedQuery(db: Db) {
  return db
    .selectFrom('linked_orders as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .innerJoin('order_statuses as s', 's.id', 'o.order_status_id')
    .innerJoin('vendor_orders as v', 'v.id', 'l.vendor_order_id')
    .select([
      'l.id',
      'o.id as order_id',
      'o.job_name',
      'c.customer_no',
      'c.name as customer_name',
      's.type as status_type',
      'v.id as vo_id',
      'v.name as vo_name',
      'v.description as vo_description',
      'v.estimated_arrival as vo_estimated_arrival',
      'v.status as vo_status',
      'v.version as vo_version',
    ]);
}

type LinkedRow = Awaited<ReturnType<ReturnType<typeof linkedQuery>['executeTakeFirstOrThrow']>>;

const toLinked = (r: LinkedRow): LinkedOrder => ({
  id: r.id,
  order: {
    id: r.order_id,
    jobName: r.job_name,
    customerNo: r.customer_no,
    customerName: r.customer_name,
    orderStatus: r.status_type,
  },
  vendorOrder: {
    id: r.vo_id,
    name: r.vo_name,
    description: r.vo_description,
    estimatedArrival: r.vo_estimated_arrival,
    status: vendorStatus(r.vo_status),
    version: r.vo_version,
  },
});

export const vendorOrdersRoutes: FastifyPluginAsyncZod<{ database: Database; clock: Clock }> = async (
  app,
  { database, clock },
) => {
  const db: Kysely<DB> = database.db;
  const tags = ['vendor orders'];
  const access = { access: 'user' as const };
  const idParams = z.object({ id: idSchema });

  app.get(
    '/api/vendor-orders/',
    {
      config: access,
      schema: {
        tags,
        summary: 'Vendor orders; with page/size/sort/filters a page',
        querystring: listQuerySchema,
      },
    },
    async (request) => {
      const list = parseListQuery(request.query, VENDOR_ORDER_LIST_FIELDS);
      if (!list.paged)
        return ok((await db.selectFrom('vendor_orders').selectAll().orderBy('id').execute()).map(toVendorOrder));
      return ok(
        await runPagedList({
          base: db.selectFrom('vendor_orders'),
          select: (qb) => qb.selectAll('vendor_orders'),
          columns: COLUMNS,
          query: list,
          idColumn: sql`vendor_orders.id`,
          map: toVendorOrder,
        }),
      );
    },
  );

  app.get(
    '/api/vendor-orders/:id',
    { config: access, schema: { tags, summary: 'One vendor order', params: idParams } },
    async (request) => ok(await findVendorOrder(db, request.params.id)),
  );

  app.post(
    '/api/vendor-orders/create',
    { config: access, schema: { tags, summary: 'Create a vendor order', body: vendorOrderInputSchema } },
    async (request, reply) => {
      const now = isoAt(clock());
      const { id } = await db
        .insertInto('vendor_orders')
        .values({ ...values(request.body), created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return reply.code(201).send(ok(await findVendorOrder(db, id), 'Vendor order created'));
    },
  );

  app.put(
    '/api/vendor-orders/update/:id',
    {
      config: access,
      schema: { tags, summary: 'Update a vendor order', params: idParams, body: vendorOrderInputSchema },
    },
    async (request) => {
      await updateVersioned(
        db,
        'vendor_orders',
        request.params.id,
        request.body.version,
        { ...values(request.body), updated_at: isoAt(clock()) },
        'Vendor order',
      );
      return ok(await findVendorOrder(db, request.params.id), 'Vendor order updated');
    },
  );

  app.delete(
    '/api/vendor-orders/delete/:id',
    { config: access, schema: { tags, summary: 'Delete a vendor order without links', params: idParams } },
    async (request) => {
      const { id } = request.params;
      await db.transaction().execute(async (trx) => {
        const vo = await findVendorOrder(trx, id);
        const links = Number(
          (
            await trx
              .selectFrom('linked_orders')
              .select(sql<number>`count(*)`.as('n'))
              .where('vendor_order_id', '=', id)
              .executeTakeFirstOrThrow()
          ).n,
        );
        if (links)
          throw conflict(
            `Vendor order ${vo.name} (id ${id}) is linked to ${plural(links, 'order')}; remove the links first.`,
          );
        await trx.deleteFrom('vendor_orders').where('id', '=', id).execute();
      });
      return ok(null, 'Vendor order deleted');
    },
  );

  app.post(
    '/api/linked-orders/create',
    {
      config: access,
      schema: { tags, summary: 'Link an order and a vendor order (once per pair)', body: linkedOrderInputSchema },
    },
    async (request, reply) => {
      const { order, vendorOrder } = request.body;
      const id = await db.transaction().execute(async (trx) => {
        const o = await trx.selectFrom('orders').select('id').where('id', '=', order).executeTakeFirst();
        if (!o) throw badRequest(`order: order ${order} does not exist.`);
        const v = await trx.selectFrom('vendor_orders').select('id').where('id', '=', vendorOrder).executeTakeFirst();
        if (!v) throw badRequest(`vendorOrder: vendor order ${vendorOrder} does not exist.`);
        const existing = await trx
          .selectFrom('linked_orders')
          .select('id')
          .where('order_id', '=', order)
          .where('vendor_order_id', '=', vendorOrder)
          .executeTakeFirst();
        if (existing) throw conflict(`Order ${order} is already linked to vendor order ${vendorOrder}.`);
        return (
          await trx
            .insertInto('linked_orders')
            .values({ order_id: order, vendor_order_id: vendorOrder, created_at: isoAt(clock()) })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      });
      const row = await linkedQuery(db).where('l.id', '=', id).executeTakeFirstOrThrow();
      return reply.code(201).send(ok(toLinked(row), 'Orders linked'));
    },
  );

  app.delete(
    '/api/linked-orders/delete/:id',
    { config: access, schema: { tags, summary: 'Remove a link', params: idParams } },
    async (request) => {
      const res = await db.deleteFrom('linked_orders').where('id', '=', request.params.id).executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw notFound(`Link ${request.params.id} does not exist.`);
      return ok(null, 'Link removed');
    },
  );

  app.get(
    '/api/linked-orders/vendor-orders/:orderId',
    {
      config: access,
      schema: { tags, summary: 'Vendor orders linked to an order', params: z.object({ orderId: idSchema }) },
    },
    async (request) =>
      ok(
        (await linkedQuery(db).where('l.order_id', '=', request.params.orderId).orderBy('l.id').execute()).map(
          toLinked,
        ),
      ),
  );

  app.get(
    '/api/linked-orders/orders/:vendorOrderId',
    {
      config: access,
      schema: { tags, summary: 'Orders linked to a vendor order', params: z.object({ vendorOrderId: idSchema }) },
    },
    async (request) =>
      ok(
        (
          await linkedQuery(db).where('l.vendor_order_id', '=', request.params.vendorOrderId).orderBy('l.id').execute()
        ).map(toLinked),
      ),
  );
};
