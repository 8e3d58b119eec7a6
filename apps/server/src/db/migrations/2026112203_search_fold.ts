/**
 * fold(text): lower case without accents, so contains-filters match 'cote' to 'Côté' on both
 * engines. PostgreSQL gets it as an SQL function here; SQLite registers the same function on
 * every connection (db/database.ts), since SQLite functions live in the connection.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const FROM = 'áàâäãåāăąçćčďéèêëēėęěíìîïīįłñńňóòôöõøōőŕřśšşťúùûüūůűųýÿźżž';
const TO = 'aaaaaaaaacccdeeeeeeeeiiiiiilnnnooooooooorrsssttuuuuuuuuyyzzz';

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql
    .raw(
      `create or replace function fold(value text) returns text language sql immutable parallel safe as
       $$ select translate(lower(value), '${FROM}', '${TO}') $$`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop function if exists fold(text)`.execute(db);
}
