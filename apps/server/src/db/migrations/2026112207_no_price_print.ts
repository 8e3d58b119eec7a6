/**
 * "Print without prices" is saved with the order or quote header (a pick ticket for the yard is
 * printed the same way every time). Frozen.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['orders', 'quotes']) {
    await db.schema
      .alterTable(table)
      .addColumn('no_price_print', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`no_price_print in (0, 1)`),
      )
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['orders', 'quotes']) await db.schema.alterTable(table).dropColumn('no_price_print').execute();
}
