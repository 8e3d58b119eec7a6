/**
 * `npm run db:large`: fills an empty database with the large data set (see large-data.ts).
 * LARGE_SCALE (e.g. 0.01) shrinks every count, for quick tries and CI.
 */
import '../node-version.js'; // First: on a Node older than 24, one line and exit 1.
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { LARGE_DEFAULTS, loadLargeData, markQuoteLifecycle } from './large-data.js';
import { sql } from 'kysely';
import { repriceStale } from '../modules/documents/documents.totals.js';
import { seedStockInBulk } from '../modules/stock/stock.bulk.js';

async function main() {
  const config = loadConfig();
  const scale = Number(process.env.LARGE_SCALE ?? 1);
  if (!(scale > 0 && scale <= 1)) throw new Error('LARGE_SCALE must be a number in (0, 1]');
  const n = (v: number, min = 1) => Math.max(min, Math.round(v * scale));
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, sqlitePath: config.sqlitePath });
  try {
    await migrateToLatest(database.db);
    const { counts, seconds } = await loadLargeData(
      database,
      {
        ...LARGE_DEFAULTS,
        customers: n(LARGE_DEFAULTS.customers, 10),
        products: n(LARGE_DEFAULTS.products, 40),
        packages: n(LARGE_DEFAULTS.packages, 10),
        orders: n(LARGE_DEFAULTS.orders, 20),
        quotes: n(LARGE_DEFAULTS.quotes, 10),
        vendorOrders: n(LARGE_DEFAULTS.vendorOrders, 5),
      },
      (s) => console.log(`  ${s}`),
    );
    await markQuoteLifecycle(database.db);
    // Every document's stored totals (docs/architecture.md section 16), as the app's start would.
    const t = Date.now();
    const priced = await repriceStale(database.db, config.taxRateScaled);
    console.log(`  stored totals of ${priced} documents priced in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    // Stock consistent with the orders (docs/stock.md): completed ones picked up, open ones promised.
    const ts = Date.now();
    const stock = await seedStockInBulk(database, LARGE_DEFAULTS.seed, LARGE_DEFAULTS.now.getTime());
    console.log(`  stock seeded in ${((Date.now() - ts) / 1000).toFixed(1)} s`);
    Object.assign(counts, stock);
    // PostgreSQL: the statistics and visibility map autovacuum would have made by the time a
    // business had written this much (without them, index-only scans visit the heap).
    if (database.kind === 'postgres') await sql`vacuum analyze`.execute(database.db);
    console.log(
      `Large data set loaded into ${database.kind === 'sqlite' ? config.sqlitePath : 'PostgreSQL'} in ${seconds.toFixed(1)} s:`,
    );
    for (const [t, c] of Object.entries(counts)) console.log(`  ${t.padEnd(24)} ${c}`);
  } finally {
    await database.close();
  }
}

main().catch((e) => {
  console.error(`Large data set not loaded: ${(e as Error).message}`);
  process.exit(1);
});
