/**
 * Compresses JSON answers over 1 KiB for clients that accept it (brotli, else gzip), off the
 * event loop (zlib's thread pool). Node's zlib with an onSend hook: @fastify/compress is not a
 * dependency of this project. Static files come precompressed from the build (@fastify/static).
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const COMPRESS_THRESHOLD = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// Quality 4: most of brotli's gain on JSON at a fraction of the default's (11) CPU.
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/** 'br', 'gzip' or null, from Accept-Encoding (q=0 refuses a coding). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name!.trim(), q ? Number(q[1]) : 1);
  }
  const ok = (n: string) => (accepted.get(n) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

export default fp(async function compressPlugin(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json') || reply.hasHeader('content-encoding')) return payload;
    reply.header('vary', 'accept-encoding');
    if (Buffer.byteLength(payload) < COMPRESS_THRESHOLD) return payload;
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = encoding === 'br' ? await brotli(payload, BROTLI_OPTIONS) : await gzip(payload);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
});
