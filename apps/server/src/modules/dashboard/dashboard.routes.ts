/**
 * GET /api/dashboard?from=&to=&bucket=, and GET and PUT /api/dashboard/access: who may open it
 * (docs/architecture.md section 16).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dashboardAccessSchema,
  dashboardAccessUpdateSchema,
  dashboardQuerySchema,
  dashboardSchema,
} from '@desk/domain';
import { ok } from '../../lib/envelope.js';
import { answers } from '../../lib/response-schemas.js';
import { route } from '../../lib/routes.js';
import { requireUser } from '../../plugins/auth.js';
import type { DashboardService } from './dashboard.service.js';

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.get(
    '/api/dashboard',
    {
      ...route('user', ['dashboard'], {
        summary:
          'The business at a glance: sales by order date per day, week (from Monday) or month, quotes sent and won, open orders by status, the bays now, and the top ten customers and products; administrators, and staff once an administrator has opened it to them (else 403)',
        querystring: dashboardQuerySchema,
        response: answers.ok(dashboardSchema),
      }),
      // Who may open it is checked before the query is: staff it is not open to get 403, never a
      // 400 about a range they may not ask for (issue 37).
      preValidation: async (request) => dashboard.assertAllowed(requireUser(request)),
    },
    async (request) => ok(await dashboard.dashboard(request.query, requireUser(request))),
  );

  app.get(
    '/api/dashboard/access',
    route('user', ['dashboard'], {
      summary: 'Whether the signed-in user may open the dashboard',
      response: answers.ok(dashboardAccessSchema),
    }),
    async (request) => ok(await dashboard.access(requireUser(request))),
  );

  app.put(
    '/api/dashboard/access',
    route('admin', ['dashboard'], {
      summary: 'Open the dashboard to staff, or keep it for administrators (a company setting)',
      body: dashboardAccessUpdateSchema,
      response: answers.ok(dashboardAccessSchema),
    }),
    async (request) => {
      const answer = await dashboard.setForStaff(request.body.forStaff, requireUser(request));
      return ok(
        answer,
        answer.forStaff ? 'Staff can now open the dashboard' : 'The dashboard is for administrators only',
      );
    },
  );
};
