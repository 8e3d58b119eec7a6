/** Runs the migrations at start. The list is static so a bundled build finds them too. */
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as m01 from './migrations/2026112201_initial_schema.js';
import * as m02 from './migrations/2026112202_reference_data.js';
import * as m03 from './migrations/2026112203_search_fold.js';
import * as m04 from './migrations/2026112204_list_counts.js';
import * as m05 from './migrations/2026112205_search_columns.js';
import * as m06 from './migrations/2026112206_filter_indexes.js';
import * as m07 from './migrations/2026112207_no_price_print.js';
import * as m08 from './migrations/2026112401_company_settings.js';
import * as m20 from './migrations/2026112420_auth_throttle.js';
import * as m21 from './migrations/2026112421_account_security.js';
import * as m40 from './migrations/2026112440_trigram_search.js';
import * as m50 from './migrations/2026112450_job_name_sort_indexes.js';
import * as m60 from './migrations/2026112500_change_history.js';
import * as m61 from './migrations/2026112510_quote_lifecycle.js';
import * as m62 from './migrations/2026112520_vendor_order_received.js';
import * as m63 from './migrations/2026112600_ready_for_pickup_email.js';
import * as m70 from './migrations/2026112700_find_trigram.js';
import * as m80 from './migrations/2026112800_stored_totals.js';
import * as m81 from './migrations/2026112810_import.js';
import * as m82 from './migrations/2026112820_find_vendor_orders.js';
import * as m83 from './migrations/2026112830_find_fts_statistics.js';
import * as m90 from './migrations/2026112900_unique_numbers.js';
import * as m91 from './migrations/2026112910_document_date_total_sort_indexes.js';
import * as m93 from './migrations/2026112930_email_cc.js';
import * as m95 from './migrations/2026112950_price_loose_parts.js';
import * as m96 from './migrations/2026112960_yard_role.js';
import * as m97 from './migrations/2026112970_idempotency_request_hash.js';
import * as m100 from './migrations/2026113000_stock.js';
import * as m101 from './migrations/2026113010_stock_import.js';
import * as m102 from './migrations/2026113020_stock_level_rows.js';

const migrations: Record<string, Migration> = {
  '2026112201_initial_schema': m01,
  '2026112202_reference_data': m02,
  '2026112203_search_fold': m03,
  '2026112204_list_counts': m04,
  '2026112205_search_columns': m05,
  '2026112206_filter_indexes': m06,
  '2026112207_no_price_print': m07,
  '2026112401_company_settings': m08,
  '2026112420_auth_throttle': m20,
  '2026112421_account_security': m21,
  '2026112440_trigram_search': m40,
  '2026112450_job_name_sort_indexes': m50,
  '2026112500_change_history': m60,
  '2026112510_quote_lifecycle': m61,
  '2026112520_vendor_order_received': m62,
  '2026112600_ready_for_pickup_email': m63,
  '2026112700_find_trigram': m70,
  '2026112800_stored_totals': m80,
  '2026112810_import': m81,
  '2026112820_find_vendor_orders': m82,
  '2026112830_find_fts_statistics': m83,
  '2026112900_unique_numbers': m90,
  '2026112910_document_date_total_sort_indexes': m91,
  '2026112930_email_cc': m93,
  '2026112950_price_loose_parts': m95,
  '2026112960_yard_role': m96,
  '2026112970_idempotency_request_hash': m97,
  '2026113000_stock': m100,
  '2026113010_stock_import': m101,
  '2026113020_stock_level_rows': m102,
};

/** Every migration, in order: what a database is at once it is up to date. */
export const MIGRATION_NAMES = Object.keys(migrations);

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

export async function migrateToLatest<D>(db: Kysely<D>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error).message ?? error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
