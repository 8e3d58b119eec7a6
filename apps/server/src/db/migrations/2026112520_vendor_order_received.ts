/**
 * A vendor order's received date (docs/architecture.md section 3): set when it is Received (the
 * day it was marked so, unless a date is given), empty otherwise. Frozen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('vendor_orders').addColumn('received_date', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('vendor_orders').dropColumn('received_date').execute();
}
