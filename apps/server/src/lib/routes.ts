import type { z } from 'zod';
import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@desk/domain';
import { requireUser, type Access } from '../plugins/auth.js';
import type { Actor } from '../modules/history/history.repository.js';
import { ok } from './envelope.js';
import { answers } from './response-schemas.js';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** A record kept under `{base}/`: its reads, writes and answers (docs/product.md section 7). */
export interface ResourceRoutes<I extends z.ZodType, O extends z.ZodType> {
  /** e.g. '/api/customers'. */
  base: string;
  /** As messages and summaries name it: 'Customer', 'Vendor order'. */
  noun: string;
  tags: string[];
  /** remove: who may delete, when stricter than write (customers: administrators). */
  access: { read: Access; write: Access; remove?: Access };
  input: I;
  output: O;
  /** The update's and the delete's summaries (they say what guards them). */
  summaries: { update: string; remove: string };
  get(id: number): Promise<z.input<O>>;
  /** The signed-in user is the actor the change history names. */
  create(body: z.output<I>, actor: Actor): Promise<z.input<O>>;
  update(id: number, body: z.output<I>, actor: Actor): Promise<z.input<O>>;
  remove(id: number, actor: Actor): Promise<void>;
}

/**
 * The four calls every record shares: GET {base}/:id, POST {base}/create (201), PUT {base}/update/:id
 * and DELETE {base}/delete/:id, answering '<Noun> created', '<Noun> updated' and '<Noun> deleted'.
 */
export function resourceRoutes<I extends z.ZodType, O extends z.ZodType>(app: App, r: ResourceRoutes<I, O>) {
  const { base, noun, tags, access } = r;
  // Fastify cannot follow a generic schema to the handler's types: the callbacks' types above carry them.
  const input: z.ZodType = r.input;
  const output: z.ZodType = r.output;
  const lower = noun.toLowerCase();
  const read = { access: access.read };
  const write = { access: access.write };
  const remove = { access: access.remove ?? access.write };
  const params = idParamsSchema;

  app.get(
    `${base}/:id`,
    { config: read, schema: { tags, summary: `One ${lower}`, params, response: answers.ok(output) } },
    async (request) => ok(await r.get(request.params.id)),
  );

  app.post(
    `${base}/create`,
    { config: write, schema: { tags, summary: `Create a ${lower}`, body: input, response: answers.created(output) } },
    async (request, reply) =>
      reply.code(201).send(ok(await r.create(request.body as z.output<I>, requireUser(request)), `${noun} created`)),
  );

  app.put(
    `${base}/update/:id`,
    { config: write, schema: { tags, summary: r.summaries.update, params, body: input, response: answers.ok(output) } },
    async (request) =>
      ok(await r.update(request.params.id, request.body as z.output<I>, requireUser(request)), `${noun} updated`),
  );

  app.delete(
    `${base}/delete/:id`,
    { config: remove, schema: { tags, summary: r.summaries.remove, params, response: answers.none } },
    async (request) => {
      await r.remove(request.params.id, requireUser(request));
      return ok(null, `${noun} deleted`);
    },
  );
}

/**
 * A route's options: who may call it (plugins/auth.ts) and its OpenAPI schema under its tags, e.g.
 * `app.get(url, route('user', tags, { summary, params, response }), handler)`.
 */
export function route<S extends FastifySchema>(access: Access, tags: string[], schema: S) {
  return { config: { access }, schema: { tags, ...schema } };
}
