/**
 * Customer numbers and item numbers are unique with case and surrounding spaces ignored (issue 36;
 * docs/decisions/023-unique-numbers.md). Each table gets a normalised key column,
 * lower(trim(number)), kept by triggers on every insert and on every write of the number, under a
 * unique index: two clerks saving the same number at once cannot both win. A plain index on the
 * same expression serves the services' look-up of who holds a number.
 *
 * A database may already hold clashes (the old rules allowed 'C-1001' beside ' c-1001 '). Nothing
 * is changed or deleted: in each clash the first record (lowest id) holds the key, the others are
 * left without one, and the migration says which in words (console.warn, which the server's start
 * log shows). A record left without a key is held to the rule the next time its number is written,
 * so the clerk who next saves it is told which record has the number. Frozen.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

interface Numbered {
  table: 'customers' | 'products';
  column: string;
  /** As the messages name the number and the records. */
  label: string;
  noun: string;
  /** The column that names a record in the report. */
  name: string;
}

/** A record of a clash as the report names it: "Acme Doors (customer 3, 'C-1001')", "product 7 'seal-t-16 '". */
const named = (t: Numbered, r: { id: number; number: string; named: string | null }) =>
  t.table === 'products' ? `product ${r.id} '${r.number}'` : `${r.named ?? ''} (${t.noun} ${r.id}, '${r.number}')`;

const TABLES: Numbered[] = [
  { table: 'customers', column: 'customer_no', label: 'Customer No', noun: 'customer', name: 'name' },
  { table: 'products', column: 'item_no', label: 'Item No', noun: 'product', name: 'item_no' },
];

const norm = (ref: string) => `nullif(lower(trim(${ref})), '')`;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const t of TABLES) {
    const { table, column, label, noun, name } = t;
    const key = `${column}_key`;
    await sql.raw(`create index ${table}_${column}_norm_idx on ${table} (lower(trim(${column})))`).execute(db);
    await db.schema.alterTable(table).addColumn(key, 'text').execute();
    // The first record of each number holds it; a later one with the same number is left out (and reported).
    await sql
      .raw(
        `update ${table} set ${key} = ${norm(column)} where ${norm(column)} is not null and not exists (
           select 1 from ${table} earlier
           where lower(trim(earlier.${column})) = lower(trim(${table}.${column})) and earlier.id < ${table}.id)`,
      )
      .execute(db);
    const clashes = await sql<{ id: number; number: string; named: string | null; k: string }>`
      select t.id, t.${sql.ref(column)} as number, t.${sql.ref(name)} as named, lower(trim(t.${sql.ref(column)})) as k
      from ${sql.table(table)} t
      where lower(trim(t.${sql.ref(column)})) in (
        select lower(trim(${sql.ref(column)})) from ${sql.table(table)}
        where ${sql.raw(norm(column))} is not null
        group by lower(trim(${sql.ref(column)})) having count(*) > 1)
      order by k, t.id`.execute(db);
    const groups = new Map<string, typeof clashes.rows>();
    for (const r of clashes.rows) groups.set(r.k, [...(groups.get(r.k) ?? []), r]);
    for (const rows of groups.values()) {
      const holder = rows[0]!;
      console.warn(
        `${label} ${holder.number.trim()} is used by ${rows.length} ${noun}s: ${rows
          .map((r) => named(t, r))
          .join(
            ', ',
          )}. All are kept; ${noun} ${holder.id} holds the number, and the others must get numbers of their own before they are next saved.`,
      );
    }
    await sql.raw(`create unique index ${table}_${key}_unique on ${table} (${key})`).execute(db);
    if (pg) {
      await sql
        .raw(
          `create function ${table}_${key}() returns trigger language plpgsql as $$
           begin new.${key} := ${norm(`new.${column}`)}; return new; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_${key} before insert or update of ${column} on ${table} for each row execute function ${table}_${key}()`,
        )
        .execute(db);
    } else {
      const set = `update ${table} set ${key} = ${norm(`new.${column}`)} where id = new.id;`;
      await sql.raw(`create trigger ${table}_${key}_insert after insert on ${table} begin ${set} end`).execute(db);
      await sql
        .raw(`create trigger ${table}_${key}_update after update of ${column} on ${table} begin ${set} end`)
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const { table, column } of TABLES) {
    const key = `${column}_key`;
    if (pg) {
      await sql.raw(`drop trigger if exists ${table}_${key} on ${table}`).execute(db);
      await sql.raw(`drop function if exists ${table}_${key}()`).execute(db);
    } else {
      await sql.raw(`drop trigger if exists ${table}_${key}_insert`).execute(db);
      await sql.raw(`drop trigger if exists ${table}_${key}_update`).execute(db);
    }
    await sql.raw(`drop index if exists ${table}_${key}_unique`).execute(db);
    await sql.raw(`drop index if exists ${table}_${column}_norm_idx`).execute(db);
    await db.schema.alterTable(table).dropColumn(key).execute();
  }
}
