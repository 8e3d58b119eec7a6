/**
 * Every product has a stock level row (docs/stock.md, "Levels"): the rows missing (products made
 * before stock, or never moved) are added at zero, and an index on available (on hand less
 * reserved) lets the stock list's page sorted by it read its 30 rows from the index instead of
 * sorting every part. From here on the catalogue, the import and the seeders give each new product
 * its row, and GET /api/stock/check reports a product without one. Frozen.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`insert into stock_levels (product_id, updated_at)
    select p.id, p.updated_at from products p
     where not exists (select 1 from stock_levels s where s.product_id = p.id)`.execute(db);
  await sql`create index stock_levels_available_idx on stock_levels ((on_hand - reserved), product_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The rows at zero are valid before this migration too: only the index goes.
  await sql`drop index stock_levels_available_idx`.execute(db);
}
