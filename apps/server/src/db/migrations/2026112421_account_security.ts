/**
 * Account security: two-factor sign-in (TOTP, RFC 6238) with one-time recovery codes, and the
 * security event log administrators read (docs/decisions/013-two-factor-sessions-events.md).
 * Frozen: imports nothing from the app.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('users').addColumn('mfa_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('mfa_pending_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('mfa_enabled_at', 'text').execute();
  // The last TOTP time step accepted: a code is good once (a replayed code is refused).
  await db.schema.alterTable('users').addColumn('mfa_last_step', 'bigint').execute();

  await db.schema
    .createTable('mfa_recovery_codes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addPrimaryKeyConstraint('mfa_recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('security_events')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    // No foreign key: the event outlives a removed user.
    .addColumn('user_id', 'integer')
    .addColumn('username', 'text')
    .addColumn('actor', 'text')
    .addColumn('address', 'text')
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('security_events_at_idx').on('security_events').column('at').execute();
  await db.schema.createIndex('security_events_type_at_idx').on('security_events').columns(['type', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('security_events').ifExists().execute();
  await db.schema.dropTable('mfa_recovery_codes').ifExists().execute();
  for (const c of ['mfa_last_step', 'mfa_enabled_at', 'mfa_pending_secret', 'mfa_secret'])
    await db.schema.alterTable('users').dropColumn(c).execute();
}
