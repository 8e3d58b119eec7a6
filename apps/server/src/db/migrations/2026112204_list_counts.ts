/**
 * Counts that do not grow with the table: the number of orders per status and of quotes, kept
 * by triggers in the same transaction as every insert, delete and status change, so the order
 * list's footer total is a read of a few rows at 100,000 orders. Also indexes for the sorts the
 * lists offer. Frozen; dialect-specific trigger syntax only.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('order_status_counts')
    .addColumn('order_status_id', 'integer', (c) => c.primaryKey().references('order_statuses.id').onDelete('cascade'))
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('table_counts')
    .addColumn('table_name', 'text', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into order_status_counts (order_status_id, n)
            select s.id, (select count(*) from orders o where o.order_status_id = s.id) from order_statuses s`.execute(
    db,
  );
  await sql`insert into table_counts (table_name, n) select 'quotes', count(*) from quotes`.execute(db);

  if (pg) {
    await sql
      .raw(
        `create function orders_status_count() returns trigger language plpgsql as $$
         begin
           if tg_op = 'UPDATE' and old.order_status_id = new.order_status_id then return null; end if;
           if tg_op in ('INSERT', 'UPDATE') then
             update order_status_counts set n = n + 1 where order_status_id = new.order_status_id;
           end if;
           if tg_op in ('DELETE', 'UPDATE') then
             update order_status_counts set n = n - 1 where order_status_id = old.order_status_id;
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql`create trigger orders_status_count after insert or delete or update of order_status_id on orders
              for each row execute function orders_status_count()`.execute(db);
    await sql
      .raw(
        `create function quotes_count() returns trigger language plpgsql as $$
         begin
           update table_counts set n = n + (case when tg_op = 'INSERT' then 1 else -1 end) where table_name = 'quotes';
           return null;
         end $$`,
      )
      .execute(db);
    await sql`create trigger quotes_count after insert or delete on quotes for each row execute function quotes_count()`.execute(
      db,
    );
    // A new status gets its counter row.
    await sql
      .raw(
        `create function order_status_added() returns trigger language plpgsql as $$
         begin insert into order_status_counts (order_status_id, n) values (new.id, 0); return null; end $$`,
      )
      .execute(db);
    await sql`create trigger order_status_added after insert on order_statuses for each row execute function order_status_added()`.execute(
      db,
    );
  } else {
    await sql`create trigger orders_count_insert after insert on orders begin
                update order_status_counts set n = n + 1 where order_status_id = new.order_status_id;
              end`.execute(db);
    await sql`create trigger orders_count_delete after delete on orders begin
                update order_status_counts set n = n - 1 where order_status_id = old.order_status_id;
              end`.execute(db);
    await sql`create trigger orders_count_status after update of order_status_id on orders
              when old.order_status_id <> new.order_status_id begin
                update order_status_counts set n = n - 1 where order_status_id = old.order_status_id;
                update order_status_counts set n = n + 1 where order_status_id = new.order_status_id;
              end`.execute(db);
    await sql`create trigger quotes_count_insert after insert on quotes begin
                update table_counts set n = n + 1 where table_name = 'quotes';
              end`.execute(db);
    await sql`create trigger quotes_count_delete after delete on quotes begin
                update table_counts set n = n - 1 where table_name = 'quotes';
              end`.execute(db);
    await sql`create trigger order_status_added after insert on order_statuses begin
                insert into order_status_counts (order_status_id, n) values (new.id, 0);
              end`.execute(db);
  }

  // Sorts the lists offer: an index in the sort's order lets a page stop after 30 rows.
  await db.schema.createIndex('customers_name_idx').on('customers').column('name').execute();
  await db.schema.createIndex('customers_customer_no_idx').on('customers').column('customer_no').execute();
  await db.schema.createIndex('orders_job_name_idx').on('orders').column('job_name').execute();
  await db.schema.createIndex('quotes_job_name_idx').on('quotes').column('job_name').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const i of ['customers_name_idx', 'customers_customer_no_idx', 'orders_job_name_idx', 'quotes_job_name_idx']) {
    await db.schema.dropIndex(i).ifExists().execute();
  }
  if (pg) {
    await sql`drop trigger if exists orders_status_count on orders`.execute(db);
    await sql`drop trigger if exists quotes_count on quotes`.execute(db);
    await sql`drop trigger if exists order_status_added on order_statuses`.execute(db);
    await sql`drop function if exists orders_status_count(), quotes_count(), order_status_added()`.execute(db);
  } else {
    for (const t of [
      'orders_count_insert',
      'orders_count_delete',
      'orders_count_status',
      'quotes_count_insert',
      'quotes_count_delete',
      'order_status_added',
    ]) {
      await sql.raw(`drop trigger if exists ${t}`).execute(db);
    }
  }
  await db.schema.dropTable('table_counts').ifExists().execute();
  await db.schema.dropTable('order_status_counts').ifExists().execute();
}
