/**
 * Stored totals and the dashboard's facts (docs/architecture.md section 16):
 * - orders and quotes keep subtotal_cents, tax_cents and total_cents as the one pricer priced
 *   them, and priced_tax_rate, the scaled tax rate they were priced with (null: not priced yet).
 *   Every line keeps line_price_cents, what it adds to the subtotal. The service writes them in
 *   the transaction of every change that moves them. The tax rate is configuration, not data, so
 *   this migration cannot price: it adds the columns with priced_tax_rate null, and the app, at
 *   start, prices every document whose priced_tax_rate is not the configured one (decision 020).
 * - quotes keep sent_at (the first time the quote left Draft) and accepted_at (when it was
 *   accepted), filled here from the change history, so a period's quotes sent and won are read
 *   by an index.
 * - orders keep loaded_at, when the order became its bay's current load (a current load made
 *   before this migration takes its last change), so the dashboard says how long it has waited.
 * - company_settings.dashboard_for_staff: whether staff, not only administrators, see the
 *   dashboard.
 * - Indexes that cover the dashboard's sums by date, by customer and by product.
 * Frozen like every migration.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['orders', 'quotes']) {
    // bigint: a document's total in cents passes 2^31 at $21,474,836.47, which a large commercial
    // order can reach; on SQLite every integer is 64-bit anyway.
    for (const column of ['subtotal_cents', 'tax_cents', 'total_cents'])
      await db.schema
        .alterTable(table)
        .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    await db.schema.alterTable(table).addColumn('priced_tax_rate', 'integer').execute();
  }
  for (const table of ['order_parts', 'quote_parts'])
    await db.schema
      .alterTable(table)
      .addColumn('line_price_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  await db.schema.alterTable('quotes').addColumn('sent_at', 'text').execute();
  await db.schema.alterTable('quotes').addColumn('accepted_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('loaded_at', 'text').execute();
  await sql`update orders set loaded_at = updated_at where current_load = 1`.execute(db);
  await db.schema
    .alterTable('company_settings')
    .addColumn('dashboard_for_staff', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // When each quote left Draft and when it was accepted, from its recorded status changes; a quote
  // past Draft with no recorded change (made before the history) takes its last change.
  await sql`
    update quotes set
      sent_at = coalesce(
        (select min(h.at) from change_history h
          where h.subject = 'quote' and h.subject_id = quotes.id and h.field = 'status' and h.to_value <> 'Draft'),
        case when quote_status <> 'Draft' then updated_at end),
      accepted_at = case when quote_status = 'Accepted' then coalesce(
        (select max(h.at) from change_history h
          where h.subject = 'quote' and h.subject_id = quotes.id and h.field = 'status' and h.to_value = 'Accepted'),
        updated_at) end`.execute(db);

  // The dashboard: a period's orders by date with their status, customer and totals (covering), a
  // period's lines by order, and the quotes sent in a period.
  await db.schema
    .createIndex('orders_date_totals_idx')
    .on('orders')
    .columns(['order_date', 'order_status_id', 'customer_id', 'subtotal_cents', 'tax_cents', 'total_cents'])
    .execute();
  await db.schema
    .createIndex('order_parts_order_price_idx')
    .on('order_parts')
    .columns(['order_id', 'product_id', 'line_price_cents'])
    .execute();
  await db.schema.createIndex('quotes_sent_at_idx').on('quotes').columns(['sent_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['orders_date_totals_idx', 'order_parts_order_price_idx', 'quotes_sent_at_idx'])
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  await db.schema.alterTable('company_settings').dropColumn('dashboard_for_staff').execute();
  await db.schema.alterTable('orders').dropColumn('loaded_at').execute();
  await db.schema.alterTable('quotes').dropColumn('accepted_at').execute();
  await db.schema.alterTable('quotes').dropColumn('sent_at').execute();
  for (const table of ['order_parts', 'quote_parts'])
    await db.schema.alterTable(table).dropColumn('line_price_cents').execute();
  for (const table of ['orders', 'quotes'])
    for (const column of ['priced_tax_rate', 'total_cents', 'tax_cents', 'subtotal_cents'])
      await db.schema.alterTable(table).dropColumn(column).execute();
}
