/**
 * Idempotency keys per user and per request (docs/architecture.md section 3; issue 37, finding 5):
 * each key row keeps a hash of the request it answered, so the same key sent with another body
 * is refused instead of answering the first request's result. The key column now holds the user's
 * id before the key the client sent (lib/idempotency.ts), so one user's key never finds another's.
 * Rows written before this migration have no hash and no user in the key: no request finds them
 * any more, and they take no part in anything. Frozen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('request_hash', 'text').execute();
}
