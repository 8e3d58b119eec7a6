/**
 * The catalogue's and the customers' writes, told on the live event stream (docs/architecture.md
 * section 11): after a write route answers 2xx (its transaction committed), `catalogue`
 * ({ user }) or `customer` ({ id, user }). Added as a hook of the module's routes, so every write
 * of the module is told, including those added later; a refused one (4xx) and a preview (dryRun)
 * tell nobody.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DeskEventType, EventBus } from './event-bus.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function tellWrites(app: FastifyInstance, bus: EventBus | undefined, type: DeskEventType): void {
  if (!bus) return;
  app.addHook('onResponse', async (request: FastifyRequest, reply) => {
    if (READS.has(request.method) || reply.statusCode < 200 || reply.statusCode >= 300) return;
    // A preview (dryRun) writes nothing.
    if ((request.body as { dryRun?: unknown } | undefined)?.dryRun === true) return;
    const data: Record<string, unknown> = { user: request.user?.username ?? null };
    const id = Number((request.params as { id?: unknown } | undefined)?.id);
    if (type === 'customer' && Number.isInteger(id)) data.id = id;
    bus.publish({ type, data });
  });
}
