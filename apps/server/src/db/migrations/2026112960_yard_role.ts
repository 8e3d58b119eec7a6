/**
 * The yard role (docs/decisions/029-yard-role.md): user_roles may hold ROLE_YARD beside
 * ROLE_USER and ROLE_ADMIN. PostgreSQL swaps the check constraint; SQLite cannot alter one, so
 * the table is built again with the wider check and its rows copied. Frozen.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const ROLES_CHECK = sql`role in ('ROLE_USER', 'ROLE_ADMIN', 'ROLE_YARD')`;

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // The initial schema's column check, named by PostgreSQL's default rule.
    await sql`alter table user_roles drop constraint if exists user_roles_role_check`.execute(db);
    await sql`alter table user_roles add constraint user_roles_role_check check (${ROLES_CHECK})`.execute(db);
    return;
  }
  await db.schema
    .createTable('user_roles_new')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(ROLES_CHECK))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .execute();
  await sql`insert into user_roles_new (user_id, role) select user_id, role from user_roles`.execute(db);
  await db.schema.dropTable('user_roles').execute();
  await sql`alter table user_roles_new rename to user_roles`.execute(db);
  await db.schema.createIndex('user_roles_role_idx').on('user_roles').column('role').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('user_roles').where('role', '=', 'ROLE_YARD').execute();
}
