/**
 * Sign-in throttling that cannot be raced or aimed (docs/decisions/012-login-throttle.md): one
 * row per key (an address, an address and username pair, a username, an account's password
 * checks), counting attempts before the password is verified. Replaces login_throttle, whose
 * rows were only ever short-lived counters. Frozen.
 */
import type { Kysely } from 'kysely';
import { createLoginThrottle } from './2026112201_initial_schema.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_throttle').ifExists().execute();
  await db.schema
    .createTable('auth_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_failure_at', 'text')
    .addColumn('next_allowed_at', 'text')
    .execute();
  await db.schema.createIndex('auth_throttle_window_idx').on('auth_throttle').column('window_start').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auth_throttle').ifExists().execute();
  await createLoginThrottle(db);
}
