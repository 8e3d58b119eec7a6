/**
 * The whole data model (docs/product.md section 3, docs/architecture.md). Frozen: never edit a migration that has
 * shipped; add a new one. Typed with Kysely<any> and importing nothing from the app.
 *
 * Portable choices, so one migration serves SQLite and PostgreSQL:
 * - money is integer cents, multipliers integer 1/10,000ths, booleans integer 0/1 with a CHECK;
 * - timestamps are ISO-8601 UTC text (sortable, identical on both engines), dates YYYY-MM-DD.
 */
import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

type Db = Kysely<any>;
type Table = CreateTableBuilder<any, any>;

const isPg = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The first sign-in throttle table. Frozen like the rest of this file: 2026112420_auth_throttle's
 * `down` recreates the table with it, so editing it would change a shipped migration.
 */
export async function createLoginThrottle(db: Db): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

function withId(db: Db, t: Table): Table {
  return isPg(db)
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const flag = (name: string, dflt: 0 | 1) => (c: ColumnDefinitionBuilder) =>
  c
    .notNull()
    .defaultTo(dflt)
    .check(sql`${sql.ref(name)} in (0, 1)`);

function withAudit(t: Table): Table {
  return t
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull());
}

const CATEGORY_CHECK = sql`category in ('Lift','LiftNotes','Inches','Mount','Rads','Springs','Windows','Inserts')`;

function documentHeader(db: Db, name: 'orders' | 'quotes', dateColumn: string): Table {
  let t = withId(db, db.schema.createTable(name))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('restrict'))
    .addColumn('job_name', 'text')
    .addColumn('po_number', 'text')
    .addColumn('special_instructions', 'text')
    .addColumn(dateColumn, 'text', (c) => c.notNull())
    .addColumn('use_tax', 'integer', flag('use_tax', 0))
    .addColumn('opener_multiplier_copy', 'integer', (c) => c.notNull().defaultTo(10000))
    .addColumn('residential_multiplier_copy', 'integer', (c) => c.notNull().defaultTo(10000))
    .addColumn('sectional_multiplier_copy', 'integer', (c) => c.notNull().defaultTo(10000))
    .addColumn('commercial_multiplier_copy', 'integer', (c) => c.notNull().defaultTo(10000));
  if (name === 'orders') {
    t = t
      .addColumn('order_status_id', 'integer', (c) => c.notNull().references('order_statuses.id').onDelete('restrict'))
      .addColumn('order_pickup', 'integer', flag('order_pickup', 0))
      .addColumn('current_load', 'integer', flag('current_load', 0))
      .addColumn('loading_bay', 'integer', (c) => c.check(sql`loading_bay between 0 and 8`))
      .addColumn('source_quote_id', 'integer', (c) => c.references('quotes.id').onDelete('set null'))
      .addColumn('completed_at', 'text');
  }
  return withAudit(t);
}

/** Cart lines, applied modifiers and sub-parts: the same shape for orders and quotes. */
async function documentLines(db: Db, kind: 'order' | 'quote'): Promise<void> {
  const doc = `${kind}s`;
  const parts = `${kind}_parts`;
  const mods = `${kind}_part_modifiers`;
  const subs = `${kind}_sub_parts`;
  await withId(db, db.schema.createTable(parts))
    .addColumn(`${kind}_id`, 'integer', (c) => c.notNull().references(`${doc}.id`).onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('restrict'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('price_override', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex(`${parts}_${kind}_id_idx`)
    .on(parts)
    .columns([`${kind}_id`, 'position'])
    .execute();
  await db.schema.createIndex(`${parts}_product_id_idx`).on(parts).column('product_id').execute();

  await withId(db, db.schema.createTable(mods))
    .addColumn(`${kind}_part_id`, 'integer', (c) => c.notNull().references(`${parts}.id`).onDelete('cascade'))
    .addColumn('package_modifier_id', 'integer', (c) =>
      c.notNull().references('package_modifiers.id').onDelete('restrict'),
    )
    .addColumn('notes', 'text')
    .addColumn('inches', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint(`${mods}_once`, [`${kind}_part_id`, 'package_modifier_id'])
    .execute();
  await db.schema.createIndex(`${mods}_modifier_idx`).on(mods).column('package_modifier_id').execute();

  await withId(db, db.schema.createTable(subs))
    .addColumn(`${kind}_part_id`, 'integer', (c) => c.notNull().references(`${parts}.id`).onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('ASSOC_PART', 'MOD')`))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('restrict'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('notes', 'text')
    .addColumn('inches', 'text')
    .addColumn('category', 'text')
    .addColumn('applied_modifier_id', 'integer', (c) => c.references(`${mods}.id`).onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint(`${subs}_mod_has_modifier`, sql`(source = 'MOD') = (applied_modifier_id is not null)`)
    .execute();
  await db.schema
    .createIndex(`${subs}_part_idx`)
    .on(subs)
    .columns([`${kind}_part_id`, 'position'])
    .execute();
  await db.schema.createIndex(`${subs}_product_idx`).on(subs).column('product_id').execute();
  await db.schema.createIndex(`${subs}_applied_idx`).on(subs).column('applied_modifier_id').execute();
}

export async function up(db: Db): Promise<void> {
  // People and sessions
  await withAudit(withId(db, db.schema.createTable('users')))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index users_username_unique on users (lower(username))`.execute(db);

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('ROLE_USER', 'ROLE_ADMIN')`))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .execute();
  await db.schema.createIndex('user_roles_role_idx').on('user_roles').column('role').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  await createLoginThrottle(db);

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();

  // Customers
  await withAudit(
    withId(db, db.schema.createTable('customers'))
      .addColumn('customer_no', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('contact_name', 'text')
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('fax', 'text')
      .addColumn('mobile_phone', 'text')
      .addColumn('street_street', 'text')
      .addColumn('street_city', 'text')
      .addColumn('street_state', 'text')
      .addColumn('street_zip_code', 'text')
      .addColumn('ship_street', 'text')
      .addColumn('ship_city', 'text')
      .addColumn('ship_state', 'text')
      .addColumn('ship_zip_code', 'text')
      .addColumn('special_needs', 'text')
      .addColumn('special_instructions', 'text')
      .addColumn('tax_code', 'text')
      .addColumn('terms_code', 'text')
      .addColumn('use_tax', 'integer', flag('use_tax', 0))
      .addColumn('opener_multiplier', 'integer', (c) => c.notNull().defaultTo(10000))
      .addColumn('residential_multiplier', 'integer', (c) => c.notNull().defaultTo(10000))
      .addColumn('sectional_multiplier', 'integer', (c) => c.notNull().defaultTo(10000))
      .addColumn('commercial_multiplier', 'integer', (c) => c.notNull().defaultTo(10000)),
  ).execute();

  // Catalogue
  await withId(db, db.schema.createTable('product_types'))
    .addColumn('type', 'text', (c) => c.notNull().unique())
    .execute();

  await withAudit(
    withId(db, db.schema.createTable('products'))
      .addColumn('item_no', 'text', (c) => c.notNull())
      .addColumn('item_description', 'text')
      .addColumn('wholesale_price', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`wholesale_price >= 0`),
      )
      .addColumn('multiplier_category', 'text', (c) =>
        c.check(sql`multiplier_category in ('Residential', 'Opener', 'Sectional', 'Commercial')`),
      )
      .addColumn('product_type_id', 'integer', (c) => c.references('product_types.id').onDelete('restrict'))
      .addColumn('modifier_cost_increase', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`modifier_cost_increase >= 0`),
      )
      .addColumn('windows_data', 'text')
      .addColumn('window_description', 'text')
      .addColumn('inserts_data', 'text')
      .addColumn('insert_description', 'text'),
  ).execute();
  await db.schema.createIndex('products_item_no_unique').on('products').column('item_no').unique().execute();
  await db.schema.createIndex('products_type_idx').on('products').column('product_type_id').execute();

  await withId(db, db.schema.createTable('associated_parts'))
    .addColumn('package_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('child_id', 'integer', (c) => c.notNull().references('products.id').onDelete('restrict'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addUniqueConstraint('associated_parts_once', ['package_id', 'child_id'])
    .addCheckConstraint('associated_parts_not_self', sql`package_id <> child_id`)
    .execute();
  await db.schema.createIndex('associated_parts_child_idx').on('associated_parts').column('child_id').execute();

  await withAudit(
    withId(db, db.schema.createTable('package_modifiers'))
      .addColumn('package_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('category', 'text', (c) => c.notNull().check(CATEGORY_CHECK))
      .addColumn('name', 'text')
      .addColumn('quantity', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`quantity >= 1`),
      )
      .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('restrict'))
      .addColumn('notes', 'text'),
  ).execute();
  await db.schema.createIndex('package_modifiers_package_idx').on('package_modifiers').column('package_id').execute();
  await db.schema.createIndex('package_modifiers_product_idx').on('package_modifiers').column('product_id').execute();

  // Documents
  await withId(db, db.schema.createTable('order_statuses'))
    .addColumn('type', 'text', (c) => c.notNull().unique())
    .addColumn('closed', 'integer', flag('closed', 0))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await documentHeader(db, 'quotes', 'quote_date').execute();
  await db.schema.createIndex('quotes_customer_idx').on('quotes').column('customer_id').execute();

  await documentHeader(db, 'orders', 'order_date').execute();
  await db.schema.createIndex('orders_customer_idx').on('orders').column('customer_id').execute();
  await db.schema.createIndex('orders_status_idx').on('orders').columns(['order_status_id', 'id']).execute();
  await db.schema.createIndex('orders_source_quote_idx').on('orders').column('source_quote_id').execute();
  // At most one current load per bay: enforced by the database, so two clerks cannot break it.
  await sql`create unique index orders_one_current_load_per_bay on orders (loading_bay)
            where current_load = 1 and loading_bay > 0`.execute(db);
  await sql`create index orders_pickup_idx on orders (id) where order_pickup = 1`.execute(db);

  await documentLines(db, 'quote');
  await documentLines(db, 'order');

  // Vendor orders
  await withAudit(
    withId(db, db.schema.createTable('vendor_orders'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('estimated_arrival', 'text')
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('Ordered')
          .check(sql`status in ('Ordered', 'Shipped', 'Received', 'Cancelled')`),
      ),
  ).execute();

  await withId(db, db.schema.createTable('linked_orders'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('vendor_order_id', 'integer', (c) => c.notNull().references('vendor_orders.id').onDelete('restrict'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('linked_orders_once', ['order_id', 'vendor_order_id'])
    .execute();
  await db.schema.createIndex('linked_orders_vendor_idx').on('linked_orders').column('vendor_order_id').execute();

  // E-mail settings: a single row
  await db.schema
    .createTable('email_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('quote_subject', 'text', (c) => c.notNull())
    .addColumn('quote_body', 'text', (c) => c.notNull())
    .addColumn('order_subject', 'text', (c) => c.notNull())
    .addColumn('order_body', 'text', (c) => c.notNull())
    .addColumn('email_forward', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const t of [
    'email_settings',
    'linked_orders',
    'vendor_orders',
    'order_sub_parts',
    'order_part_modifiers',
    'order_parts',
    'quote_sub_parts',
    'quote_part_modifiers',
    'quote_parts',
    'orders',
    'quotes',
    'order_statuses',
    'package_modifiers',
    'associated_parts',
    'products',
    'product_types',
    'customers',
    'idempotency_keys',
    'login_throttle',
    'sessions',
    'user_roles',
    'users',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
