/**
 * docs/product.md section 7: Orders, Order parts, Order package modifiers, Quotes, Quote parts, Quote
 * package modifiers — every path of both kinds, odd names included, served by one implementation.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appliedModifierAnswerSchema,
  appliedModifierSchema,
  assocNotesSchema,
  cartLineSchema,
  deletedLineAnswerSchema,
  documentHeaderSchema,
  documentInputSchema,
  type DocumentKind,
  documentListItemSchema,
  duplicateDocumentSchema,
  exportQuoteSchema,
  idSchema,
  lineAnswerSchema,
  lineCreateSchema,
  lineUpdateSchema,
  listOrPageSchema,
  modifierUpsertSchema,
  modNotesSchema,
  ORDER_LIST_FIELDS,
  priceOverrideSchema,
  QUOTE_LIST_FIELDS,
  quoteLabel,
  quoteRevisionSchema,
  removedModifierAnswerSchema,
  subPartAddSchema,
  subPartRowSchema,
  toCents,
} from '@desk/domain';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/envelope.js';
import { answers } from '../../lib/response-schemas.js';
import { route } from '../../lib/routes.js';
import { idempotencyKey } from '../../lib/idempotency.js';
import { listQuerySchema, parseListQuery } from '../../lib/paging.js';
import type { DocumentsService } from './documents.service.js';
import type { Actor } from '../history/history.repository.js';

/** "Changed by": documents with a change recorded for this username (docs/architecture.md section 9). */
const DOCUMENT_FILTER_ONLY = ['changedBy'];

const params = <K extends string>(name: K) => z.object({ [name]: idSchema } as { [P in K]: typeof idSchema });

interface Paths {
  plural: 'orders' | 'quotes';
  parts: 'order-parts' | 'quote-parts';
  assocNotes: string;
  modNotes: string;
  addSub: string;
}

const PATHS: Record<DocumentKind, Paths> = {
  order: {
    plural: 'orders',
    parts: 'order-parts',
    assocNotes: 'update-subpart-assoc-notes',
    modNotes: 'update-subpart-mod-notes',
    addSub: 'update_subpart_list',
  },
  quote: {
    plural: 'quotes',
    parts: 'quote-parts',
    assocNotes: 'update-subquote-assoc-notes',
    modNotes: 'update-subquote-mod-notes',
    addSub: 'update_subpart_quote_list',
  },
};

export const documentsRoutes: FastifyPluginAsyncZod<{ documents: DocumentsService }> = async (app, { documents }) => {
  for (const kind of ['order', 'quote'] as const) {
    const p = PATHS[kind];
    const label = kind === 'order' ? 'Order' : 'Quote';
    const tags = [p.plural];
    const base = `/api/${p.plural}`;
    const parts = `/api/${p.parts}`;
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

    // ---- cart lines ----
    app.get(
      `${parts}/:${kind}Id`,
      route('user', tags, {
        summary: 'Cart lines with pricingInfo, unitPrice and linePrice',
        params: params(`${kind}Id`),
        response: answers.ok(z.array(cartLineSchema)),
      }),
      async (request) =>
        ok((await documents.cart(kind, (request.params as Record<string, number>)[`${kind}Id`]!)).cart),
    );

    app.post(
      `${parts}/create/:id`,
      route('user', tags, {
        summary: 'Add a product to the cart (id: the document)',
        params: params('id'),
        body: lineCreateSchema,
        response: answers.created(lineAnswerSchema),
      }),
      async (request, reply) => {
        const r = await documents.addLine(
          kind,
          request.params.id,
          request.body.product,
          request.body.quantity,
          requireUser(request),
        );
        return reply.code(201).send(ok({ ...r.line!, totals: r.totals, totalsCents: r.totalsCents }, 'Line added'));
      },
    );

    app.put(
      `${parts}/update/:id`,
      route('user', tags, {
        summary: "Change a line's quantity",
        params: params('id'),
        body: lineUpdateSchema,
        response: answers.ok(lineAnswerSchema),
      }),
      async (request) => {
        const r = await documents.updateLineQuantity(
          kind,
          request.params.id,
          request.body.quantity,
          requireUser(request),
        );
        return ok({ ...r.line!, totals: r.totals, totalsCents: r.totalsCents }, 'Line updated');
      },
    );

    app.put(
      `${parts}/update/:id/price-override`,
      route('user', tags, {
        summary: 'Set a price override (null clears it)',
        params: params('id'),
        body: priceOverrideSchema,
        response: answers.ok(lineAnswerSchema),
      }),
      async (request) => {
        const o = request.body.priceOverride;
        const r = await documents.setPriceOverride(
          kind,
          request.params.id,
          o === null ? null : toCents(o),
          requireUser(request),
        );
        return ok(
          { ...r.line!, totals: r.totals, totalsCents: r.totalsCents },
          o === null ? 'Price override cleared' : 'Price override set',
        );
      },
    );

    app.delete(
      `${parts}/delete/:id`,
      route('user', tags, {
        summary: 'Remove a line with its sub-parts and modifiers; answers the new totals',
        params: params('id'),
        response: answers.ok(deletedLineAnswerSchema),
      }),
      async (request) => ok(await documents.deleteLine(kind, request.params.id, requireUser(request)), 'Line deleted'),
    );

    // ---- sub-parts ----
    app.get(
      `${parts}/sub-parts/:id`,
      route('user', tags, {
        summary: "A line's sub-parts",
        params: params('id'),
        response: answers.ok(z.array(subPartRowSchema)),
      }),
      async (request) => ok(await documents.subParts(kind, request.params.id)),
    );

    app.delete(
      `${parts}/delete-sub/:rowId`,
      route('user', tags, {
        summary: 'Delete a sub-part that came from associated parts',
        params: params('rowId'),
        response: answers.none,
      }),
      async (request) => {
        await documents.deleteSubPart(kind, request.params.rowId, requireUser(request));
        return ok(null, 'Sub-part deleted');
      },
    );

    // Both kinds of sub-part keep notes; a modifier's (Lift) also keeps inches.
    const saveNotes = async (
      parentId: number,
      body: { rowId: number; notes: string | null; inches?: string | null },
      source: 'ASSOC_PART' | 'MOD',
      actor: Actor,
    ) =>
      ok(
        await documents.setSubPartNotes(kind, parentId, body.rowId, source, body.notes, body.inches, actor),
        'Notes saved',
      );

    app.put(
      `${parts}/${p.assocNotes}/:parentId`,
      route('user', tags, {
        summary: 'Notes of an associated-part sub-part',
        params: params('parentId'),
        body: assocNotesSchema,
        response: answers.ok(subPartRowSchema),
      }),
      async (request) => saveNotes(request.params.parentId, request.body, 'ASSOC_PART', requireUser(request)),
    );

    app.put(
      `${parts}/${p.modNotes}/:parentId`,
      route('user', tags, {
        summary: 'Notes (and inches, for Lift) of a modifier sub-part',
        params: params('parentId'),
        body: modNotesSchema,
        response: answers.ok(subPartRowSchema),
      }),
      async (request) => saveNotes(request.params.parentId, request.body, 'MOD', requireUser(request)),
    );

    app.put(
      `${parts}/${p.addSub}/:id`,
      route('user', tags, {
        summary: 'Add a part to a package line (id: the line)',
        params: params('id'),
        body: subPartAddSchema,
        response: answers.ok(subPartRowSchema),
      }),
      async (request) =>
        ok(
          await documents.addSubPart(
            kind,
            request.params.id,
            request.body.child,
            request.body.quantity,
            requireUser(request),
          ),
          'Part added',
        ),
    );

    // ---- applied modifiers ----
    app.get(
      `${base}/package-modifiers/:id`,
      route('user', tags, {
        summary: 'Modifiers applied to a line',
        params: params('id'),
        response: answers.ok(z.array(appliedModifierSchema)),
      }),
      async (request) => ok(await documents.modifiers(kind, request.params.id)),
    );

    app.post(
      `${base}/package-modifiers/upsert/:id`,
      route('user', tags, {
        summary: 'Apply a modifier to a line, or change its notes (id: the line; body id: the package modifier)',
        params: params('id'),
        body: modifierUpsertSchema,
        response: answers.ok(appliedModifierAnswerSchema),
      }),
      async (request) => {
        const b = request.body;
        return ok(
          await documents.upsertModifier(
            kind,
            request.params.id,
            b.modifierId,
            b.notes,
            b.inches,
            requireUser(request),
          ),
          'Modifier applied',
        );
      },
    );

    app.delete(
      `${base}/package-modifiers/delete/:id`,
      route('user', tags, {
        summary: 'Un-apply a modifier (id: the applied modifier); answers the line as priced now and the new totals',
        params: params('id'),
        response: answers.ok(removedModifierAnswerSchema),
      }),
      async (request) =>
        ok(await documents.deleteModifier(kind, request.params.id, requireUser(request)), 'Modifier removed'),
    );
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
