/**
 * One log line per request that matters, instead of Fastify's two lines for every request (which
 * cost about a fifth of the health route's throughput at the default level): failures (5xx, or a
 * response that broke off) at error, slow requests at warn, writes (anything but GET/HEAD/OPTIONS)
 * at info. Every other request is logged at debug, so LOG_LEVEL=debug still shows them all. The
 * 5xx error itself, with its stack, is logged by the error handler (plugins/errors.ts).
 */
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

/** Fastify's logger is pino, which answers whether a level is on. */
type Logger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/** A request that takes this long is logged at warn whatever its method. */
export const SLOW_REQUEST_MS = 1000;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function requestLogLevel(method: string, status: number, ms: number): 'error' | 'warn' | 'info' | 'debug' {
  if (status >= 500) return 'error';
  if (ms >= SLOW_REQUEST_MS) return 'warn';
  if (!READS.has(method)) return 'info';
  return 'debug';
}

/** Fastify's request logging (the logController option), with the levels above. */
export class RequestLogController extends LogController {
  override incomingRequest(): void {
    // No "incoming request" line: the one line at the end says it all.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = reply.elapsedTime;
    const level = error ? 'error' : requestLogLevel(request.method, reply.statusCode, ms);
    // The cheap check first: at the default level most requests (reads) stop here.
    const log = reply.log as Partial<Logger>;
    // Without a logger (logger: false) Fastify's stand-in has no isLevelEnabled, and logs nothing.
    if (typeof log.isLevelEnabled !== 'function' || !log.isLevelEnabled(level)) return;
    const responseTime = Math.round(ms * 10) / 10;
    if (error) log.error!({ req: request, res: reply, err: error, responseTime }, 'request errored');
    else log[level]!({ req: request, res: reply, responseTime }, 'request completed');
  }
}
