/** docs/product.md section 7, the loader calls under Orders (docs/architecture.md section 4). Staff run the yard. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bayDataSchema,
  bayIdSchema,
  completeBayOrdersSchema,
  completedOrdersSchema,
  customerIdsSchema,
  pickupOrderRowSchema,
  pickupOrdersSchema,
  placementQuestionsSchema,
} from '@desk/domain';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/envelope.js';
import { answers } from '../../lib/response-schemas.js';
import { route } from '../../lib/routes.js';
import { PlacementQuestion, type LoadersService } from './loaders.service.js';

export const loadersRoutes: FastifyPluginAsyncZod<{ loaders: LoadersService }> = async (app, { loaders }) => {
  const tags = ['loaders'];
  const bayParams = z.object({ bayId: bayIdSchema });

  app.get(
    '/api/orders/list/pickup_ready',
    route('yard', tags, {
      summary: 'Open orders ready for pickup',
      response: answers.ok(z.array(pickupOrderRowSchema)),
    }),
    async () => ok(await loaders.pickupReady()),
  );

  app.get(
    '/api/orders/list/pickup_ready/:bayId',
    route('yard', tags, {
      summary: 'Pickup-ready orders assigned to a bay (0: none)',
      params: bayParams,
      response: answers.ok(z.array(pickupOrderRowSchema)),
    }),
    async (request) => ok(await loaders.pickupReady(request.params.bayId)),
  );

  // Place in Bay and Choose Garage Bay save the same rows; only Place in Bay writes the In Bay flags.
  const saves = [
    {
      url: '/api/orders/updateChosenJob',
      summary:
        "Place in Bay: save bay assignments and In Bay (current load) flags; 409 asks first before replacing a bay's load (row `replaces`) or loading an order waiting on a vendor order (row `waitingConfirmed`, `tellCustomer`)",
      withCurrentLoad: true,
    },
    {
      url: '/api/orders/chooseGarageBayOrder',
      summary: 'Choose Garage Bay: save bay assignments (a moved order stops being a current load)',
      withCurrentLoad: false,
    },
  ];
  // Place in Bay asks first: 409 with the questions as its data (docs/architecture.md section 4).
  const asked = z.object({
    status: z.literal('FAILED'),
    data: placementQuestionsSchema.nullable(),
    message: z.string(),
  });
  for (const { url, summary, withCurrentLoad } of saves) {
    app.put(
      url,
      route('yard', tags, {
        summary,
        body: pickupOrdersSchema,
        response: { ...answers.ok(z.array(pickupOrderRowSchema)), 409: asked },
      }),
      async (request, reply) => {
        try {
          return ok(
            await loaders.saveAssignments(request.body, withCurrentLoad, requireUser(request)),
            'Update completed successfully!',
          );
        } catch (e) {
          if (e instanceof PlacementQuestion)
            return reply.code(409).send({ status: 'FAILED' as const, data: e.questions, message: e.message });
          throw e;
        }
      },
    );
  }

  app.post(
    '/api/orders/modifyLoaderOrders',
    route('yard', tags, {
      summary: "Complete Orders: these customers' current loads become Completed, all or nothing",
      body: customerIdsSchema,
      response: answers.ok(completedOrdersSchema),
    }),
    async (request) => ok(await loaders.complete(request.body, requireUser(request)), 'Orders successfully completed.'),
  );

  app.post(
    '/api/orders/completeBayOrders',
    route('yard', tags, {
      summary: 'Complete Orders per bay: only these current loads become Completed, all or nothing',
      body: completeBayOrdersSchema,
      response: answers.ok(completedOrdersSchema),
    }),
    async (request) =>
      ok(
        await loaders.completeBayOrders(request.body.orderIds, requireUser(request)),
        'Orders successfully completed.',
      ),
  );

  app.get(
    '/api/getGarageBayData/:bayId',
    route('yard', tags, {
      summary: "A bay's pick list (an empty bay answers OK with no rows)",
      params: bayParams,
      response: answers.ok(bayDataSchema),
    }),
    async (request) => ok(await loaders.bayData(request.params.bayId)),
  );
};
