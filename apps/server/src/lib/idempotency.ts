/**
 * Idempotency-Key (docs/architecture.md section 3): a retried create or export with the same key answers the
 * first result instead of making a second record. The key row is inserted in the same transaction
 * as the record, so concurrent retries collide on its primary key and all but one re-read it.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { isoAt, type Clock } from './clock.js';
import { isUniqueViolation } from './db-errors.js';
import { badRequest, conflict } from './errors.js';

export interface StoredResult<T> {
  statusCode: number;
  body: T;
}

export function idempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) {
    throw badRequest('Idempotency-Key: must be 1 to 200 visible ASCII characters');
  }
  return key;
}

export async function withIdempotency<T>(
  db: Kysely<DB>,
  clock: Clock,
  scope: string,
  key: string | undefined,
  userId: number | null,
  work: (trx: Transaction<DB>) => Promise<StoredResult<T>>,
): Promise<StoredResult<T>> {
  if (key === undefined) return db.transaction().execute(work);
  const stored = async () => {
    const row = await db
      .selectFrom('idempotency_keys')
      .select(['status_code', 'response'])
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
    return row && row.status_code > 0 ? { statusCode: row.status_code, body: JSON.parse(row.response) as T } : null;
  };
  const earlier = await stored();
  if (earlier) return earlier;
  try {
    return await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('idempotency_keys')
        .values({ scope, key, user_id: userId, status_code: 0, response: '', created_at: isoAt(clock()) })
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
