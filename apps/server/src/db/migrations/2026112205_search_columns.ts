/**
 * Folded copies of the text the lists filter on (lower case, no accents: fold()), and the
 * order's closed flag, kept by triggers on every write. A contains-filter then runs a native
 * LIKE on a plain column instead of calling fold() for every row, and the open/closed switch
 * reads an (is_closed, id) index in order. Frozen; dialect-specific trigger syntax only.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const FOLDED: Record<string, string[]> = {
  orders: ['job_name', 'po_number'],
  quotes: ['job_name', 'po_number'],
  customers: ['name', 'customer_no', 'contact_name'],
};

// Accented letters and what fold() makes of them, derived the way the app folds text (NFD,
// combining marks dropped), so PostgreSQL's fold() agrees with SQLite's character for character.
// (The mapping of migration 2026112203 was misaligned; this one replaces it.)
const ACCENTED = 'áàâäãåāăąçćčďđéèêëēėęěíìîïīįĺľñńňóòôöõōőŕřśšşșťțúùûüūůűųýÿźżž';
const PLAIN = [...ACCENTED].map((c) => c.normalize('NFD').replace(/[\u0300-\u036f]/g, '')).join('');

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) {
    if ([...PLAIN].length !== [...ACCENTED].length) throw new Error('fold mapping is misaligned');
    await sql
      .raw(
        `create or replace function fold(value text) returns text language sql immutable parallel safe as
         $$ select translate(lower(value), '${ACCENTED}', '${PLAIN}') $$`,
      )
      .execute(db);
  }
  for (const [table, columns] of Object.entries(FOLDED)) {
    for (const c of columns) await db.schema.alterTable(table).addColumn(`${c}_fold`, 'text').execute();
    await sql.raw(`update ${table} set ${columns.map((c) => `${c}_fold = fold(${c})`).join(', ')}`).execute(db);
  }
  await db.schema
    .alterTable('orders')
    .addColumn('is_closed', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`is_closed in (0, 1)`),
    )
    .execute();
  await sql`update orders set is_closed = (select closed from order_statuses s where s.id = orders.order_status_id)`.execute(
    db,
  );
  await db.schema.createIndex('orders_closed_id_idx').on('orders').columns(['is_closed', 'id']).execute();

  if (pg) {
    for (const [table, columns] of Object.entries(FOLDED)) {
      const closed =
        table === 'orders'
          ? `new.is_closed := (select closed from order_statuses where id = new.order_status_id);`
          : '';
      await sql
        .raw(
          `create function ${table}_search_columns() returns trigger language plpgsql as $$
           begin ${columns.map((c) => `new.${c}_fold := fold(new.${c});`).join(' ')} ${closed} return new; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_search_columns before insert or update on ${table} for each row execute function ${table}_search_columns()`,
        )
        .execute(db);
    }
  } else {
    for (const [table, columns] of Object.entries(FOLDED)) {
      const closed =
        table === 'orders' ? `, is_closed = (select closed from order_statuses where id = new.order_status_id)` : '';
      const set = `${columns.map((c) => `${c}_fold = fold(new.${c})`).join(', ')}${closed}`;
      const watched = [...columns, ...(table === 'orders' ? ['order_status_id'] : [])].join(', ');
      await sql
        .raw(
          `create trigger ${table}_search_insert after insert on ${table} begin update ${table} set ${set} where id = new.id; end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_search_update after update of ${watched} on ${table} begin update ${table} set ${set} where id = new.id; end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [table, columns] of Object.entries(FOLDED)) {
    if (pg) {
      await sql.raw(`drop trigger if exists ${table}_search_columns on ${table}`).execute(db);
      await sql.raw(`drop function if exists ${table}_search_columns()`).execute(db);
    } else {
      await sql.raw(`drop trigger if exists ${table}_search_insert`).execute(db);
      await sql.raw(`drop trigger if exists ${table}_search_update`).execute(db);
    }
    for (const c of columns) await db.schema.alterTable(table).dropColumn(`${c}_fold`).execute();
  }
  await db.schema.dropIndex('orders_closed_id_idx').ifExists().execute();
  await db.schema.alterTable('orders').dropColumn('is_closed').execute();
}
