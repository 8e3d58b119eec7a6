/**
 * `npm run backup [file]`: an ONLINE backup of the SQLite database (the server may keep running
 * and writing), with SQLite's backup API: a consistent copy of one moment, written next to its
 * final name and renamed once it passes integrity_check. Default target:
 * DATA_DIR/backups/desk-YYYYMMDD-HHMMSS.sqlite (UTC). On PostgreSQL it prints the pg_dump and
 * pg_restore commands to use instead. Restore: docs/reliability.md.
 */
import '../node-version.js'; // First: on a Node older than 24, one line and exit 1.
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { backupSqlite } from '../db/backup.js';

/** desk-YYYYMMDD-HHMMSS.sqlite, in UTC. */
export function backupFileName(now: Date, ext = 'sqlite'): string {
  const s = now.toISOString(); // 2026-11-22T09:15:00.000Z
  return `desk-${s.slice(0, 10).replace(/-/g, '')}-${s.slice(11, 19).replace(/:/g, '')}.${ext}`;
}

/** The database URL without its password, for printing. */
export function maskedUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '';
  return u.toString();
}

function formatBytes(n: number): string {
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

async function main() {
  const config = loadConfig();
  const arg = process.argv[2];
  const now = new Date();
  if (config.databaseKind === 'postgres') {
    const url = maskedUrl(config.DATABASE_URL!);
    const file = arg ?? backupFileName(now, 'dump');
    console.log(
      [
        "DATABASE_URL is PostgreSQL: back it up with PostgreSQL's own tools (this command copies nothing).",
        '',
        '  Back up (online; a consistent snapshot while the app runs):',
        `    pg_dump --format=custom --no-owner --file=${file} "${url}"`,
        '',
        '  Restore (stop every app instance first; --clean replaces what is there):',
        `    pg_restore --clean --if-exists --no-owner --single-transaction --dbname="${url}" ${file}`,
        '',
        '  The password is left out of the URL: set PGPASSWORD or use ~/.pgpass.',
      ].join('\n'),
    );
    return;
  }
  const target = path.resolve(arg ?? path.join(config.DATA_DIR, 'backups', backupFileName(now)));
  const result = await backupSqlite(config.sqlitePath, target);
  console.log(`Backup written: ${result.path}`);
  console.log(`  ${formatBytes(result.bytes)} (${result.bytes} bytes), ${result.tables} tables, integrity_check ok`);
  console.log(
    `  Restore: stop the server, copy it over ${config.sqlitePath}, delete desk.sqlite-wal and desk.sqlite-shm, start.`,
  );
}

main().catch((e) => {
  console.error(e instanceof ConfigError ? e.message : `Backup failed: ${(e as Error).message}`);
  process.exit(1);
});
