/** Import jobs and remembered mappings: SQL only (migration 2026112810). */
import type { ImportJob, ImportKind, ImportMapping, ImportProblem } from '@desk/domain';
import type { Selectable } from 'kysely';
import type { ImportJobsTable } from '../../db/schema.js';
import type { Db } from '../../lib/sql.js';

/** How many problems a job keeps and answers (problemCount has them all). */
export const KEPT_PROBLEMS = 1000;

const toJob = (r: Selectable<ImportJobsTable>): ImportJob => ({
  id: r.id,
  kind: r.kind,
  mode: r.mode,
  state: r.state,
  fileName: r.file_name,
  total: r.total,
  processed: r.processed,
  created: r.created,
  updated: r.updated,
  skipped: r.skipped,
  problems: JSON.parse(r.problems) as ImportProblem[],
  problemCount: r.problem_count,
  message: r.message,
  longestWriteMs: r.longest_write_ms,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
});

export async function findJob(db: Db, id: number): Promise<ImportJob | null> {
  const row = await db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toJob(row) : null;
}

export async function runningJob(db: Db, kind: ImportKind) {
  return db
    .selectFrom('import_jobs')
    .select(['id', 'username', 'started_at'])
    .where('active_kind', '=', kind)
    .executeTakeFirst();
}

/** A job left running by a server that stopped (no progress since `before`) is marked failed. */
export async function failStale(db: Db, kind: ImportKind, before: string, now: string) {
  await db
    .updateTable('import_jobs')
    .set({ state: 'failed', active_kind: null, finished_at: now, message: 'The server stopped during this import.' })
    .where('active_kind', '=', kind)
    .where('updated_at', '<', before)
    .execute();
}

export async function insertJob(
  db: Db,
  job: {
    kind: ImportKind;
    mode: 'all' | 'valid';
    fileName: string | null;
    total: number;
    userId: number;
    username: string;
  },
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('import_jobs')
    .values({
      kind: job.kind,
      mode: job.mode,
      state: 'running',
      active_kind: job.kind,
      file_name: job.fileName,
      user_id: job.userId,
      username: job.username,
      total: job.total,
      started_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function progress(
  db: Db,
  id: number,
  p: { processed: number; created: number; updated: number; longestWriteMs: number },
  now: string,
) {
  await db
    .updateTable('import_jobs')
    .set({
      processed: p.processed,
      created: p.created,
      updated: p.updated,
      longest_write_ms: Math.round(p.longestWriteMs),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

export async function finish(
  db: Db,
  id: number,
  end: {
    state: 'done' | 'failed';
    skipped: number;
    problems: readonly ImportProblem[];
    message: string | null;
  },
  now: string,
) {
  await db
    .updateTable('import_jobs')
    .set({
      state: end.state,
      active_kind: null,
      skipped: end.skipped,
      problems: JSON.stringify(end.problems.slice(0, KEPT_PROBLEMS)),
      problem_count: end.problems.length,
      message: end.message,
      updated_at: now,
      finished_at: now,
    })
    .where('id', '=', id)
    .execute();
}

export async function rememberedMapping(db: Db, kind: ImportKind, key: string): Promise<ImportMapping | null> {
  const row = await db
    .selectFrom('import_mappings')
    .select('mapping')
    .where('kind', '=', kind)
    .where('headers_key', '=', key)
    .executeTakeFirst();
  return row ? (JSON.parse(row.mapping) as ImportMapping) : null;
}

export async function rememberMapping(
  db: Db,
  m: { kind: ImportKind; key: string; headers: readonly string[]; mapping: ImportMapping; userId: number },
  now: string,
) {
  await db
    .insertInto('import_mappings')
    .values({
      kind: m.kind,
      headers_key: m.key,
      headers: JSON.stringify(m.headers),
      mapping: JSON.stringify(m.mapping),
      user_id: m.userId,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['kind', 'headers_key'])
        .doUpdateSet({ mapping: JSON.stringify(m.mapping), user_id: m.userId, updated_at: now }),
    )
    .execute();
}
