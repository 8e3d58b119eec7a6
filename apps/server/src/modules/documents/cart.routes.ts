/**
 * docs/product.md section 7: the cart's paths of both kinds (Order parts, Order package modifiers,
 * Quote parts, Quote package modifiers), odd names included: lines, sub-parts and modifiers.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appliedModifierAnswerSchema,
  appliedModifierSchema,
  assocNotesSchema,
  cartLineSchema,
  deletedLineAnswerSchema,
  idSchema,
  lineAnswerSchema,
  lineCreateSchema,
  lineUpdateSchema,
  modifierUpsertSchema,
  modNotesSchema,
  priceOverrideSchema,
  removedModifierAnswerSchema,
  subPartAddSchema,
  subPartRowSchema,
  toCents,
  type DocumentKind,
} from '@desk/domain';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/envelope.js';
import { answers } from '../../lib/response-schemas.js';
import { route } from '../../lib/routes.js';
import type { Actor } from '../history/history.repository.js';
import type { CartService } from './cart.service.js';
import { KINDS } from './kinds.js';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** Path parameters: one id, by name. */
export const params = <K extends string>(name: K) => z.object({ [name]: idSchema } as { [P in K]: typeof idSchema });

interface Paths {
  parts: 'order-parts' | 'quote-parts';
  assocNotes: string;
  modNotes: string;
  addSub: string;
}

const PATHS: Record<DocumentKind, Paths> = {
  order: {
    parts: 'order-parts',
    assocNotes: 'update-subpart-assoc-notes',
    modNotes: 'update-subpart-mod-notes',
    addSub: 'update_subpart_list',
  },
  quote: {
    parts: 'quote-parts',
    assocNotes: 'update-subquote-assoc-notes',
    modNotes: 'update-subquote-mod-notes',
    addSub: 'update_subpart_quote_list',
  },
};

/** The cart's routes of one kind; documents.routes.ts registers them after the document's own. */
export function cartRoutes(app: App, cart: CartService, kind: DocumentKind) {
  const p = PATHS[kind];
  const tags = [KINDS[kind].header];
  const base = `/api/${KINDS[kind].header}`;
  const parts = `/api/${p.parts}`;

  /** A GET of what a line holds (id: the line): its sub-parts, its applied modifiers. */
  const lineList = <T extends z.ZodType>(
    path: string,
    summary: string,
    item: T,
    read: (lineId: number) => Promise<z.input<T>[]>,
  ) =>
    app.get(
      path,
      route('user', tags, { summary, params: params('id'), response: answers.ok(z.array(item)) }),
      async (request) => ok(await read(request.params.id)),
    );

  // ---- cart lines ----
  app.get(
    `${parts}/:${kind}Id`,
    route('user', tags, {
      summary: 'Cart lines with pricingInfo, unitPrice and linePrice',
      params: params(`${kind}Id`),
      response: answers.ok(z.array(cartLineSchema)),
    }),
    async (request) => ok((await cart.cart(kind, (request.params as Record<string, number>)[`${kind}Id`]!)).cart),
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
      const r = await cart.addLine(
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
      const r = await cart.updateLineQuantity(kind, request.params.id, request.body.quantity, requireUser(request));
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
      const r = await cart.setPriceOverride(
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
    async (request) => ok(await cart.deleteLine(kind, request.params.id, requireUser(request)), 'Line deleted'),
  );

  // ---- sub-parts ----
  lineList(`${parts}/sub-parts/:id`, "A line's sub-parts", subPartRowSchema, (id) => cart.subParts(kind, id));

  app.delete(
    `${parts}/delete-sub/:rowId`,
    route('user', tags, {
      summary: 'Delete a sub-part that came from associated parts',
      params: params('rowId'),
      response: answers.none,
    }),
    async (request) => {
      await cart.deleteSubPart(kind, request.params.rowId, requireUser(request));
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
    ok(await cart.setSubPartNotes(kind, parentId, body.rowId, source, body.notes, body.inches, actor), 'Notes saved');

  /** The notes route of one kind of sub-part. */
  const notesRoute = (
    path: string,
    source: 'ASSOC_PART' | 'MOD',
    summary: string,
    body: typeof assocNotesSchema | typeof modNotesSchema,
  ) =>
    app.put(
      `${parts}/${path}/:parentId`,
      route('user', tags, { summary, params: params('parentId'), body, response: answers.ok(subPartRowSchema) }),
      async (request) => saveNotes(request.params.parentId, request.body, source, requireUser(request)),
    );
  notesRoute(p.assocNotes, 'ASSOC_PART', 'Notes of an associated-part sub-part', assocNotesSchema);
  notesRoute(p.modNotes, 'MOD', 'Notes (and inches, for Lift) of a modifier sub-part', modNotesSchema);

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
        await cart.addSubPart(kind, request.params.id, request.body.child, request.body.quantity, requireUser(request)),
        'Part added',
      ),
  );

  // ---- applied modifiers ----
  lineList(`${base}/package-modifiers/:id`, 'Modifiers applied to a line', appliedModifierSchema, (id) =>
    cart.modifiers(kind, id),
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
        await cart.upsertModifier(kind, request.params.id, b.modifierId, b.notes, b.inches, requireUser(request)),
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
    async (request) => ok(await cart.deleteModifier(kind, request.params.id, requireUser(request)), 'Modifier removed'),
  );
}
