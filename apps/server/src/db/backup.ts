/**
 * An online backup of a SQLite database file (npm run backup, cli/backup.ts; docs/reliability.md):
 * SQLite's backup API copies one consistent moment while the server keeps writing, next to its
 * final name, renamed once it passes integrity_check. It opens connections of its own, so it lives
 * here with the other raw SQLite handles.
 */
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

export interface BackupResult {
  path: string;
  bytes: number;
  tables: number;
}

/** Copies the live database at `source` to `target` (which must not exist) and verifies the copy. */
export async function backupSqlite(source: string, target: string): Promise<BackupResult> {
  if (!existsSync(source)) throw new Error(`There is no database at ${source}: nothing to back up.`);
  if (existsSync(target)) throw new Error(`${target} already exists; a backup never overwrites a file.`);
  mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // All pages in one step: a step reads one consistent snapshot, so writes the running server
    // commits meanwhile neither tear the copy nor make it start over again and again.
    await db.backup(partial, { progress: () => 0x7fffffff });
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  } finally {
    db.close();
  }
  let tables = 0;
  const copy = new SQLite(partial, { fileMustExist: true });
  try {
    // One self-contained file: no -wal or -shm beside it.
    copy.pragma('journal_mode = DELETE');
    const integrity = copy.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`The copy failed integrity_check: ${String(integrity)}`);
    tables = (copy.prepare(`select count(*) as n from sqlite_master where type = 'table'`).get() as { n: number }).n;
  } catch (e) {
    copy.close();
    rmSync(partial, { force: true });
    throw e;
  }
  copy.close();
  renameSync(partial, target);
  return { path: target, bytes: statSync(target).size, tables };
}
