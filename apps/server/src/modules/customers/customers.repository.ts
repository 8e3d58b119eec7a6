/** Customers: SQL only (docs/decisions/014-module-shape.md). */
import { sql } from 'kysely';
import { MAX_ID, multiplierFromScaled, multiplierToScaled, type Customer, type CustomerInput } from '@desk/domain';
import type { CustomerRow } from '../../db/schema.js';
import { containsPattern, tableColumns, type ListColumns, type ListQuery } from '../../lib/paging.js';
import { holderOfNumber as holderOfNumberIn, listReaders } from '../../lib/rows.js';
import { flag, insertedId, type Db } from '../../lib/sql.js';
import { customerNameContains } from '../../lib/contains.js';

type Row = CustomerRow & { open_orders: number | string };

const openOrders = sql<number>`(select count(*) from orders o
  inner join order_statuses s on s.id = o.order_status_id
  where o.customer_id = customers.id and s.closed = 0)`;

export const CUSTOMER_COLUMNS: ListColumns = {
  ...tableColumns('customers', ['id', 'customer_no', 'name', 'contact_name']),
  openOrders,
};

export function toCustomer(r: Row): Customer {
  return {
    id: r.id,
    customerNo: r.customer_no,
    name: r.name,
    contactName: r.contact_name,
    email: r.email,
    phone: r.phone,
    fax: r.fax,
    mobilePhone: r.mobile_phone,
    streetAddress: { street: r.street_street, city: r.street_city, state: r.street_state, zipCode: r.street_zip_code },
    shipTo: { street: r.ship_street, city: r.ship_city, state: r.ship_state, zipCode: r.ship_zip_code },
    specialNeeds: r.special_needs,
    specialInstructions: r.special_instructions,
    taxCode: r.tax_code,
    termsCode: r.terms_code,
    openOrders: Number(r.open_orders),
    useTax: r.use_tax === 1,
    openerMultiplier: multiplierFromScaled(r.opener_multiplier),
    residentialMultiplier: multiplierFromScaled(r.residential_multiplier),
    sectionalMultiplier: multiplierFromScaled(r.sectional_multiplier),
    commercialMultiplier: multiplierFromScaled(r.commercial_multiplier),
    readyForPickupEmail: r.ready_email === 1,
    version: r.version,
  };
}

export function customerValues(c: CustomerInput) {
  return {
    customer_no: c.customerNo,
    name: c.name,
    contact_name: c.contactName,
    email: c.email,
    phone: c.phone,
    fax: c.fax,
    mobile_phone: c.mobilePhone,
    street_street: c.streetAddress.street,
    street_city: c.streetAddress.city,
    street_state: c.streetAddress.state,
    street_zip_code: c.streetAddress.zipCode,
    ship_street: c.shipTo.street,
    ship_city: c.shipTo.city,
    ship_state: c.shipTo.state,
    ship_zip_code: c.shipTo.zipCode,
    special_needs: c.specialNeeds,
    special_instructions: c.specialInstructions,
    tax_code: c.taxCode,
    terms_code: c.termsCode,
    use_tax: flag(c.useTax),
    opener_multiplier: multiplierToScaled(c.openerMultiplier),
    residential_multiplier: multiplierToScaled(c.residentialMultiplier),
    sectional_multiplier: multiplierToScaled(c.sectionalMultiplier),
    commercial_multiplier: multiplierToScaled(c.commercialMultiplier),
    // Left out of the input: kept as it is (a new customer gets the column's default, yes).
    ...(c.readyForPickupEmail === undefined ? {} : { ready_email: flag(c.readyForPickupEmail) }),
  };
}

const selectCustomers = (db: Db) =>
  db.selectFrom('customers').selectAll('customers').select(openOrders.as('open_orders'));

export async function listAll(db: Db): Promise<Customer[]> {
  const rows = await selectCustomers(db).orderBy('customers.id').execute();
  return rows.map(toCustomer);
}

/** The customer list: its rows, columns, filters and order (the page and the export). */
function listSpec(db: Db, query: ListQuery) {
  const base = db.selectFrom('customers');
  return {
    base,
    select: (qb: typeof base) => qb.selectAll('customers').select(openOrders.as('open_orders')),
    columns: CUSTOMER_COLUMNS,
    query,
    idColumn: sql`customers.id`,
    map: toCustomer,
    // Folded columns kept by trigger (migration 2026112205): a native LIKE, no fold() per row.
    filterOverrides: {
      // Name: through its trigram index (migration 2026112440).
      name: (_p: string, value: string) =>
        customerNameContains(db, sql.ref<number>('customers.id'), sql.ref<string | null>('customers.name_fold'), value),
      customerNo: (p: string) => sql<boolean>`customers.customer_no_fold like fold(${p}) escape '\\'`,
      contactName: (p: string) => sql<boolean>`customers.contact_name_fold like fold(${p}) escape '\\'`,
    },
  };
}

/** The page, and every customer the list's filters match in its order as rows to map with toCustomer (the export). */
export const { listPage, listRows } = listReaders(listSpec);

/** The order modal's customer picker: customer number, name or contact, accents ignored. */
export async function search(db: Db, text: string, limit = 50): Promise<Customer[]> {
  const pattern = containsPattern(text.trim());
  // A number typed in the picker may be an id; a longer one (a phone number) cannot be.
  const id = /^\d+$/.test(text.trim()) ? Number(text.trim()) : 0;
  const rows = await selectCustomers(db)
    .where((eb) =>
      eb.or([
        sql<boolean>`customers.name_fold like fold(${pattern}) escape '\\'`,
        sql<boolean>`customers.customer_no_fold like fold(${pattern}) escape '\\'`,
        sql<boolean>`customers.contact_name_fold like fold(${pattern}) escape '\\'`,
        ...(id >= 1 && id <= MAX_ID ? [eb('customers.id', '=', id)] : []),
      ]),
    )
    .orderBy('customers.id')
    .limit(limit)
    .execute();
  return rows.map(toCustomer);
}

export async function findById(db: Db, id: number): Promise<Customer | null> {
  const row = await selectCustomers(db).where('customers.id', '=', id).executeTakeFirst();
  return row ? toCustomer(row) : null;
}

export async function usage(db: Db, id: number) {
  const [orders, quotes] = await Promise.all([
    db
      .selectFrom('orders')
      .select(sql<number>`count(*)`.as('n'))
      .where('customer_id', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('quotes')
      .select(sql<number>`count(*)`.as('n'))
      .where('customer_id', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  return { orders: Number(orders.n), quotes: Number(quotes.n) };
}

export function insert(db: Db, input: CustomerInput, now: string): Promise<number> {
  const row = { ...customerValues(input), created_at: now, updated_at: now };
  return insertedId(db.insertInto('customers').values(row).returning('id'));
}

/**
 * The customer holding a customer number, case and surrounding spaces ignored (the expression of
 * migration 2026112900's index), other than `exceptId`: the lowest id when old clashes remain.
 */
export function holderOfNumber(db: Db, customerNo: string, exceptId?: number) {
  const customers = db.selectFrom('customers').select(['id', 'name', 'customer_no']);
  return holderOfNumberIn(customers, 'customer_no', customerNo, exceptId);
}

export async function remove(db: Db, id: number): Promise<void> {
  await db.deleteFrom('customers').where('id', '=', id).execute();
}
