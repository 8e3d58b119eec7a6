/**
 * Find anything (docs/architecture.md section 13): no STAT4 samples for the shadow tables of the
 * FTS5 indexes (migrations 2026112440, 2026112700 and 2026112820).
 *
 * FTS5 finds each trigram of a query in each segment of its index through one prepared statement
 * on the index's %_idx table (`segid = ? and term <= ?`). With STAT4 samples of that table, which
 * ANALYZE writes (the bulk writer runs it after loading the large data set and after an import),
 * SQLite lets that statement's plan depend on the values bound and prepares it again at every
 * lookup (perf: sqlite3Reprepare under fts5MultiIterNew): 2 to 4 µs more each, once per trigram
 * of the text and segment of an index (130 lookups for 'zqxv', 260 for 'garage' over the five
 * indexes a search reads in the 100,000-order set). Without the samples, one search's SQL fell
 * from 2.7 to 1.3 ms for 'garage', 0.47 to 0.15 ms for 'zqxv' and 0.99 to 0.30 ms for '#12345'.
 * The tables keep their sqlite_stat1 rows (the planner's row counts), and PRAGMA optimize, as the
 * server runs it, does not write the samples again; an ANALYZE of the whole database does.
 *
 * PostgreSQL has no FTS5 tables. Frozen.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** The shadow tables FTS5 keeps for a table `name`. */
const SHADOWS = ['_data', '_idx', '_config', '_docsize', '_content'];

/**
 * The deletion, as one SQL text: also run by the bulk writer after its ANALYZE (db/bulk-writer.ts),
 * which writes the samples again. Then ANALYZE of sqlite_schema makes the connection read the
 * statistics as they now are.
 */
export const DROP_FTS_SAMPLES = `delete from sqlite_stat4 where exists (
      select 1 from sqlite_schema v where v.type = 'table' and v.sql like 'create virtual table % using fts5%'
        and sqlite_stat4.tbl in (${SHADOWS.map((s) => `v.name || '${s}'`).join(', ')}));
  analyze sqlite_schema;`;

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  const stat4 = await sql`select 1 from sqlite_schema where type = 'table' and name = 'sqlite_stat4'`.execute(db);
  if (stat4.rows.length === 0) return;
  for (const statement of DROP_FTS_SAMPLES.split(';').filter((t) => t.trim() !== ''))
    await sql.raw(statement).execute(db);
}

/** Nothing to undo: ANALYZE writes the samples again. */
export async function down(): Promise<void> {}
