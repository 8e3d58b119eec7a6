/**
 * `npm run db:demo`: loads the demo data set into the configured database (SQLite under
 * DATA_DIR, or DATABASE_URL), after running the migrations. Refuses a database that already
 * holds customers or products.
 */
import '../node-version.js'; // First: on a Node older than 24, one line and exit 1.
import { loadConfig, ConfigError } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { loadDemoData } from './demo-data.js';

async function main() {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, sqlitePath: config.sqlitePath });
  try {
    await migrateToLatest(database.db);
    const summary = await loadDemoData(database.db);
    console.log(`Demo data loaded into ${database.kind === 'sqlite' ? config.sqlitePath : 'PostgreSQL'}:`);
    for (const [table, count] of Object.entries(summary)) console.log(`  ${table.padEnd(24)} ${count}`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `Demo data not loaded: ${(err as Error).message}`);
  process.exit(1);
});
