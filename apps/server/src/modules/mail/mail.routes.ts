/**
 * GET /api/orders/{id}/emails and /api/quotes/{id}/emails: every e-mail sent for the document
 * (the PDF, the ready-for-pickup e-mail), newest first, with its delivery state
 * (docs/architecture.md section 10).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentEmailsSchema, idSchema, type DocumentKind } from '@desk/domain';
import { ok } from '../../lib/envelope.js';
import { answers } from '../../lib/response-schemas.js';
import { route } from '../../lib/routes.js';
import type { MailQueue } from './mail-queue.service.js';

const PATHS: Record<DocumentKind, string> = { order: 'orders', quote: 'quotes' };

export const mailRoutes: FastifyPluginAsyncZod<{ mail: MailQueue }> = async (app, { mail }) => {
  for (const [kind, plural] of Object.entries(PATHS) as Array<[DocumentKind, string]>) {
    app.get(
      `/api/${plural}/:id/emails`,
      route('user', [plural], {
        summary: `Every e-mail sent for the ${kind}, newest first: time, address, subject and delivery state (queued, sent, failed with the reason)`,
        params: z.object({ id: idSchema }),
        response: answers.ok(documentEmailsSchema),
      }),
      async (request) => ok({ items: await mail.forDocument(kind, request.params.id) }),
    );
  }
};
