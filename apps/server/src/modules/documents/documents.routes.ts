/**
 * docs/product.md section 7: Orders and Quotes — every path of both kinds, served by one
 * implementation; each kind's cart paths (parts, sub-parts, package modifiers) are in cart.routes.ts.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  documentHeaderSchema,
  documentInputSchema,
  documentListItemSchema,
  duplicateDocumentSchema,
  exportQuoteSchema,
  listOrPageSchema,
  ORDER_LIST_FIELDS,
  QUOTE_LIST_FIELDS,
  quoteLabel,
  quoteRevisionSchema,
} from '@desk/domain';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/envelope.js';
import { answers } from '../../lib/response-schemas.js';
import { route } from '../../lib/routes.js';
import { idempotencyKey } from '../../lib/idempotency.js';
import { listQuerySchema, parseListQuery } from '../../lib/paging.js';
import type { DocumentsService } from './documents.service.js';
import { cartRoutes, params } from './cart.routes.js';
import { KINDS } from './kinds.js';

/** "Changed by": documents with a change recorded for this username (docs/architecture.md section 9). */
const DOCUMENT_FILTER_ONLY = ['changedBy'];

export const documentsRoutes: FastifyPluginAsyncZod<{ documents: DocumentsService }> = async (app, { documents }) => {
  for (const kind of ['order', 'quote'] as const) {
    const { label, header: plural } = KINDS[kind];
    const tags = [plural];
    const base = `/api/${plural}`;
    const fields = kind === 'order' ? ORDER_LIST_FIELDS : QUOTE_LIST_FIELDS;

    // ---- documents ----
    if (kind === 'order') {
      app.get(
        `${base}/list/:closed`,
        route('user', tags, {
          summary: 'Orders: list/0 open, list/1 closed; with page/size/sort/filters a page',
          params: z.object({ closed: z.enum(['0', '1'], { error: 'must be 0 (open) or 1 (closed)' }) }),
          querystring: listQuerySchema,
          response: answers.ok(listOrPageSchema(documentListItemSchema)),
        }),
        async (request) =>
          ok(
            await documents.list(
              'order',
              parseListQuery(request.query, fields, 'id', DOCUMENT_FILTER_ONLY),
              request.params.closed === '1',
            ),
          ),
      );
    } else {
      app.get(
        `${base}/`,
        route('user', tags, {
          summary: 'Quotes; with page/size/sort/filters a page',
          querystring: listQuerySchema,
          response: answers.ok(listOrPageSchema(documentListItemSchema)),
        }),
        async (request) =>
          ok(await documents.list('quote', parseListQuery(request.query, fields, 'id', DOCUMENT_FILTER_ONLY))),
      );
    }

    app.get(
      `${base}/:id`,
      route('user', tags, {
        summary: `One ${kind} with its totals`,
        params: params('id'),
        response: answers.ok(documentHeaderSchema),
      }),
      async (request) => ok(await documents.get(kind, request.params.id)),
    );

    app.post(
      `${base}/create`,
      route('user', tags, {
        summary: `Create a ${kind} (copies the customer's multipliers and useTax); honours Idempotency-Key`,
        body: documentInputSchema,
        response: answers.created(documentHeaderSchema),
      }),
      async (request, reply) => {
        const res = await documents.create(kind, request.body, idempotencyKey(request), requireUser(request));
        // A create (or its replay under the same Idempotency-Key) answers 201.
        return reply.code(res.statusCode as 201).send(ok(res.body, `${label} created`));
      },
    );

    app.put(
      `${base}/update/:id`,
      route('user', tags, {
        summary: `Update a ${kind}; refreshMultiplier re-copies the customer's multipliers; version guards lost updates`,
        params: params('id'),
        body: documentInputSchema,
        response: answers.ok(documentHeaderSchema),
      }),
      async (request) =>
        ok(await documents.update(kind, request.params.id, request.body, requireUser(request)), `${label} updated`),
    );

    // Administrators only (issue 36): staff cancel an order (status Cancelled) instead.
    app.delete(
      `${base}/delete/:id`,
      route('admin', tags, {
        summary: `Delete a ${kind} with its lines, sub-parts, modifiers and links; administrators only (staff get 403 and cancel an order instead)`,
        params: params('id'),
        response: answers.none,
      }),
      async (request) => {
        await documents.delete(kind, request.params.id, requireUser(request));
        return ok(null, `${label} deleted`);
      },
    );

    app.post(
      `${base}/duplicate/:id`,
      route('user', tags, {
        summary: `Deep copy of a ${kind} with the edited job name`,
        params: params('id'),
        body: duplicateDocumentSchema,
        response: answers.created(documentHeaderSchema),
      }),
      async (request, reply) =>
        reply
          .code(201)
          .send(
            ok(
              await documents.duplicate(kind, request.params.id, request.body.jobName ?? null, requireUser(request)),
              `${label} duplicated`,
            ),
          ),
    );

    cartRoutes(app, documents, kind);
  }

  app.post(
    '/api/quotes/:id/revise',
    route('user', ['quotes'], {
      summary: 'Revise: the next revision of the quote (a Draft copy); earlier revisions become read-only',
      params: params('id'),
      response: answers.created(documentHeaderSchema),
    }),
    async (request, reply) => {
      const revised = await documents.revise(request.params.id, requireUser(request));
      return reply
        .code(201)
        .send(
          ok(
            revised,
            `${quoteLabel(revised.quoteNumber ?? revised.id, revised.revision)} created; earlier revisions are read-only`,
          ),
        );
    },
  );

  app.get(
    '/api/quotes/:id/revisions',
    route('user', ['quotes'], {
      summary: "Every revision of the quote's number, first to latest, with status and totals",
      params: params('id'),
      response: answers.ok(z.array(quoteRevisionSchema)),
    }),
    async (request) => ok(await documents.revisions(request.params.id)),
  );

  app.post(
    '/api/orders/create-from-quote/:quoteId',
    route('user', ['orders'], {
      summary:
        'Export to Order: a new order from a quote; a quote already exported answers 409 naming its order unless the body is {"again": true}; honours Idempotency-Key',
      params: params('quoteId'),
      body: exportQuoteSchema,
      response: answers.created(documentHeaderSchema),
    }),
    async (request, reply) => {
      const res = await documents.createFromQuote(
        request.params.quoteId,
        request.body.again,
        idempotencyKey(request),
        requireUser(request),
      );
      return reply.code(res.statusCode as 201).send(ok(res.body, 'Export success'));
    },
  );
};
