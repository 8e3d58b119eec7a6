/**
 * Idempotency-Key (docs/architecture.md section 3): a retried create or export with the same key answers the
 * first result instead of making a second record. The key row is inserted in the same transaction
 * as the record, so concurrent retries collide on its primary key and all but one re-read it.
 *
 * A key belongs to the user who sent it and to the request it came with (issue 37, finding 5): the
 * row's key is the user's id and the client's key, so another user's request with the same key is
 * carried out as that user's own and never answers the first user's result; and the row keeps a
 * SHA-256 of the request (route, parameters, body), so the same key with another request is
 * refused with 422 instead of answering a result that is not for it.
 */
import { createHash, type Hash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { isoAt, type Clock } from './clock.js';
import { isUniqueViolation } from './db-errors.js';
import { badRequest, conflict, HttpError } from './errors.js';

export interface StoredResult<T> {
  statusCode: number;
  body: T;
}

/** The client's key and the hash of the request it came with. */
export interface IdempotencyKey {
  key: string;
  requestHash: string;
}

/** Feeds `value` to the hash in one canonical form: object keys sorted, bytes as bytes. */
function feed(hash: Hash, value: unknown): void {
  if (value instanceof Uint8Array) {
    hash.update(`b${value.byteLength}:`);
    hash.update(value);
  } else if (Array.isArray(value)) {
    hash.update(`a${value.length}[`);
    for (const item of value) feed(hash, item);
    hash.update(']');
  } else if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    hash.update(`o${keys.length}{`);
    for (const k of keys) {
      hash.update(JSON.stringify(k));
      feed(hash, (value as Record<string, unknown>)[k]);
    }
    hash.update('}');
  } else {
    hash.update(value === undefined ? 'u' : `v${JSON.stringify(value)}`);
  }
}

/** SHA-256 of a request: its method, its route and what it asks (`what`), in one canonical form. */
export function requestHash(method: string, route: string, what: unknown): string {
  const hash = createHash('sha256');
  hash.update(`${method} ${route}\n`);
  feed(hash, what);
  return hash.digest('hex');
}

/**
 * The request's Idempotency-Key, with the hash of the request: by default its route parameters,
 * query and body; a route whose body is not JSON (an upload) passes what it read instead.
 */
export function idempotencyKey(
  request: FastifyRequest,
  what: unknown = { params: request.params, query: request.query, body: request.body },
): IdempotencyKey | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) {
    throw badRequest('Idempotency-Key: must be 1 to 200 visible ASCII characters');
  }
  return { key, requestHash: requestHash(request.method, request.routeOptions.url ?? request.url, what) };
}

const otherRequest = () =>
  new HttpError(
    422,
    'This Idempotency-Key was already used for a different request: send a new key with a new request.',
    'IDEMPOTENCY_KEY_REUSED',
  );

export async function withIdempotency<T>(
  db: Kysely<DB>,
  clock: Clock,
  scope: string,
  idempotency: IdempotencyKey | undefined,
  userId: number | null,
  work: (trx: Transaction<DB>) => Promise<StoredResult<T>>,
): Promise<StoredResult<T>> {
  if (idempotency === undefined) return db.transaction().execute(work);
  // The user's id before the client's key: one user's key never finds another user's row.
  const key = `${userId ?? 0}:${idempotency.key}`;
  const stored = async () => {
    const row = await db
      .selectFrom('idempotency_keys')
      .select(['status_code', 'response', 'request_hash'])
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return null;
    if (row.request_hash !== idempotency.requestHash) throw otherRequest();
    return row.status_code > 0 ? { statusCode: row.status_code, body: JSON.parse(row.response) as T } : null;
  };
  const earlier = await stored();
  if (earlier) return earlier;
  try {
    return await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('idempotency_keys')
        .values({
          scope,
          key,
          user_id: userId,
          status_code: 0,
          response: '',
          created_at: isoAt(clock()),
          request_hash: idempotency.requestHash,
        })
        .execute();
      const result = await work(trx);
      await trx
        .updateTable('idempotency_keys')
        .set({ status_code: result.statusCode, response: JSON.stringify(result.body) })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .execute();
      return result;
    });
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const first = await stored();
    if (first) return first;
    throw conflict('A request with this Idempotency-Key is still in progress; retry shortly.');
  }
}
