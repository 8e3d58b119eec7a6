/**
 * Reference data every installation needs: product types, the six order statuses and the
 * default e-mail templates. Frozen like every migration.
 */
import type { Kysely } from 'kysely';

const PRODUCT_TYPES = ['Part', 'Package', 'Opener', 'Hardware', 'Door Package', 'Spring'];

const ORDER_STATUSES: Array<[string, 0 | 1]> = [
  ['Open', 0],
  ['In Progress', 0],
  ['Awaiting Parts', 0],
  ['Ready for Pickup', 0],
  ['Completed', 1],
  ['Cancelled', 1],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('product_types')
    .values(PRODUCT_TYPES.map((type) => ({ type })))
    .execute();
  await db
    .insertInto('order_statuses')
    .values(ORDER_STATUSES.map(([type, closed], i) => ({ type, closed, sort_order: i + 1 })))
    .execute();
  await db
    .insertInto('email_settings')
    .values({
      id: 1,
      quote_subject: 'Quote {documentNumber} - {jobName}',
      quote_body:
        'Hello {contactName},\n\nPlease find attached quote {documentNumber} for {jobName}, total {total}.\n\nThank you for your business,\n{companyName}',
      order_subject: 'Order {documentNumber} - {jobName}',
      order_body:
        'Hello {contactName},\n\nPlease find attached order {documentNumber} for {jobName}, total {total}.\nWe will let you know when it is ready for pickup.\n\nThank you for your business,\n{companyName}',
      email_forward: null,
      version: 1,
      updated_at: new Date().toISOString(),
    })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('email_settings').execute();
  await db.deleteFrom('order_statuses').execute();
  await db.deleteFrom('product_types').execute();
}
