/**
 * Loose parts at a price (docs/decisions/028):
 * - company_settings.price_loose_parts: the company setting "Price loose parts"; 1 prices a plain
 *   part line (not a package) as wholesale x the customer's category multiplier x quantity. Off (0)
 *   by default: a plain part line counts 0 unless overridden, as before.
 * - orders.price_loose_parts, quotes.price_loose_parts: the setting as each document captured it
 *   when it was made (its copies keep their source's). Every existing document is 0, so none
 *   changes price; their stored totals stay right without repricing.
 * Frozen like every migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['company_settings', 'orders', 'quotes'])
    await db.schema
      .alterTable(table)
      .addColumn('price_loose_parts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['quotes', 'orders', 'company_settings'])
    await db.schema.alterTable(table).dropColumn('price_loose_parts').execute();
}
