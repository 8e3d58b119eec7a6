/**
 * Import (docs/architecture.md section 15; docs/decisions/019-import.md). A preview checks every
 * row and writes nothing. An import is a job: the request answers its id at once; the job checks
 * every row first (mode 'all': any problem fails it with nothing written), then writes in batches,
 * each its own short transaction, so a clerk's save waits for one batch at most, never for the
 * whole file. The job's row is in the database, so any instance answers it.
 */
import {
  IMPORT_FIELDS,
  type ImportJob,
  type ImportKind,
  type ImportMapping,
  type ImportMode,
  type ImportPreview,
} from '@desk/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, found, HttpError } from '../../lib/errors.js';
import { withIdempotency, type IdempotencyKey } from '../../lib/idempotency.js';
import { ClockedService } from '../../lib/service.js';
import type { EventBus } from '../events/event-bus.js';
import type { Actor } from '../history/history.repository.js';
import { breathe, RowReader } from './import.cells.js';
import { readSpreadsheet, type Sheet } from './import.file.js';
import { checkMapping, guessMapping, headersKey } from './import.mapping.js';
import { byRow, type KindImporter, type Plan } from './import.plan.js';
import { productsImporter } from './import.products.js';
import { stockImporter } from './import.stock.js';
import { customersImporter, importFieldOf, vendorOrdersImporter } from './import.records.js';
import * as repo from './import.repository.js';

/** A changed field as the import's screen names it: 'streetAddress.city' -> 'City', 'wholesalePrice' -> 'Wholesale price'. */
function fieldLabel(kind: ImportKind, field: string): string {
  const key = kind === 'customers' ? importFieldOf(field) : field;
  return IMPORT_FIELDS[kind].find((f) => f.key === key)?.label ?? key;
}

const IMPORTERS: Record<ImportKind, KindImporter> = {
  products: productsImporter,
  customers: customersImporter,
  'vendor-orders': vendorOrdersImporter,
  stock: stockImporter,
};

/** Rows per write transaction: about 30-60 ms of writing on SQLite, less than a clerk notices. */
export const BATCH_ROWS = 500;
/** A running job with no progress for this long was left by a server that stopped. */
const STALE_MS = 10 * 60_000;

export interface ImportRequest {
  kind: ImportKind;
  file: Uint8Array;
  fileName: string | null;
  mapping?: ImportMapping | undefined;
  mode: ImportMode;
}

interface Prepared {
  sheet: Sheet;
  mapping: ImportMapping;
  source: ImportPreview['mappingSource'];
  reader: RowReader;
}

export class ImportService extends ClockedService {
  constructor(
    db: Kysely<DB>,
    clock: Clock,
    /** The scaled tax rate documents' stored totals are priced with. */
    private readonly taxRate: number,
    private readonly bus?: EventBus,
    /** Run after an import wrote rows (the search indexes compacted: SearchService.compactIndexes). */
    private readonly afterWrite?: () => Promise<unknown>,
  ) {
    super(db, clock);
  }

  /** The file read, and its mapping: given, else remembered for its headers, else guessed. */
  private async prepare(req: ImportRequest): Promise<Prepared> {
    const sheet = await readSpreadsheet(req.file);
    let mapping: ImportMapping;
    let source: Prepared['source'];
    if (req.mapping) {
      mapping = checkMapping(req.kind, sheet.headers, req.mapping);
      source = 'given';
    } else {
      const remembered = await repo.rememberedMapping(this.db, req.kind, headersKey(sheet.headers));
      const usable = remembered && Object.values(remembered).every((c) => sheet.headers.includes(c));
      mapping = usable ? remembered : guessMapping(req.kind, sheet.headers);
      source = usable ? 'remembered' : 'guessed';
    }
    return { sheet, mapping, source, reader: new RowReader(sheet.headers, mapping, IMPORT_FIELDS[req.kind]) };
  }

  /** Every row checked; problems of a required field with no column are said once, on the header row. */
  private async plan(kind: ImportKind, p: Prepared): Promise<Plan> {
    const unmapped = IMPORT_FIELDS[kind].filter((f) => f.required && !p.mapping[f.key]);
    if (unmapped.length) {
      return {
        rows: p.sheet.rows.length,
        problems: unmapped.map((f) => ({
          row: 1,
          column: f.label,
          message: `No column is mapped to ${f.label}, which every row needs`,
        })),
        bad: new Set(p.sheet.rows.map((r) => r.row)),
        writes: [],
        sample: p.reader.sampleOf(p.sheet.rows),
      };
    }
    const plan = await IMPORTERS[kind].plan(this.db, p.sheet, p.reader, this.now().slice(0, 10));
    plan.problems = byRow(plan.problems);
    return plan;
  }

  async preview(req: ImportRequest): Promise<ImportPreview> {
    const p = await this.prepare(req);
    const plan = await this.plan(req.kind, p);
    return {
      kind: req.kind,
      rows: plan.rows,
      creates: plan.writes.filter((w) => w.id === null).length,
      updates: plan.writes.filter((w) => w.id !== null && w.changes.length).length,
      unchanged: plan.writes.filter((w) => w.id !== null && !w.changes.length).length,
      headers: p.sheet.headers,
      mapping: p.mapping,
      mappingSource: p.source,
      sample: plan.sample,
      problems: plan.problems.slice(0, repo.KEPT_PROBLEMS),
      problemCount: plan.problems.length,
      badRows: plan.bad.size,
      updated: plan.writes
        .filter((w) => w.id !== null && w.changes.length)
        .slice(0, repo.KEPT_PROBLEMS)
        .map((w) => ({
          row: w.row,
          record: w.record ?? w.key,
          changes: w.changes.map((c) => ({
            field: c.field ?? '',
            label: fieldLabel(req.kind, c.field ?? ''),
            from: c.from ?? null,
            to: c.to ?? null,
          })),
        })),
    };
  }

  /**
   * Starts a job; answers its id. One import of a kind runs at a time (the job row's unique
   * active_kind): a second one meets a 409 naming the first. With an Idempotency-Key, a retry or
   * a second click answers the first job's id instead.
   */
  async start(
    req: ImportRequest,
    actor: Actor,
    key: IdempotencyKey | undefined,
  ): Promise<{ jobId: number; started: boolean }> {
    const p = await this.prepare(req);
    const now = this.now();
    await repo.failStale(this.db, req.kind, isoAt(this.clock() - STALE_MS), now);
    let started = false;
    let result: { jobId: number };
    try {
      const done = await withIdempotency(this.db, this.clock, `import:${req.kind}`, key, actor.userId, async (trx) => {
        const jobId = await repo.insertJob(
          trx,
          { kind: req.kind, mode: req.mode, fileName: req.fileName, total: p.sheet.rows.length, ...actor },
          now,
        );
        if (req.mapping)
          await repo.rememberMapping(
            trx,
            {
              kind: req.kind,
              key: headersKey(p.sheet.headers),
              headers: p.sheet.headers,
              mapping: p.mapping,
              userId: actor.userId,
            },
            now,
          );
        started = true;
        return { statusCode: 202, body: { jobId } };
      });
      result = done.body;
    } catch (e) {
      if (!isUniqueViolation(e) && !(e instanceof HttpError && e.statusCode === 409)) throw e;
      const running = await repo.runningJob(this.db, req.kind);
      throw conflict(
        running
          ? `An import of ${req.kind.replace('-', ' ')} is already running (job ${running.id}, started by ${running.username ?? 'someone'}); wait for it to finish.`
          : 'This import was started a moment ago; retry shortly.',
      );
    }
    if (started) void this.run(result.jobId, req, p, actor);
    return { jobId: result.jobId, started };
  }

  async job(id: number): Promise<ImportJob> {
    const job = found(await repo.findJob(this.db, id), `Import job ${id} does not exist.`);
    // A job its server left running (stopped mid-way) ends failed when asked about, not only when
    // the next import of its kind starts: the screen polling it gets an answer.
    if (job.state === 'running') {
      const now = this.now();
      await repo.failStale(this.db, job.kind, isoAt(this.clock() - STALE_MS), now);
      return found(await repo.findJob(this.db, id), `Import job ${id} does not exist.`);
    }
    return job;
  }

  /** The job itself: check every row, then write in batches; never throws (a failure is the job's state). */
  private async run(jobId: number, req: ImportRequest, p: Prepared, actor: Actor): Promise<void> {
    let plan: Plan | null = null;
    try {
      plan = await this.plan(req.kind, p);
      if (req.mode === 'all' && plan.problems.length) {
        await repo.finish(
          this.db,
          jobId,
          {
            state: 'failed',
            skipped: plan.rows,
            problems: plan.problems,
            message: `Nothing was imported: ${plan.bad.size} of ${plan.rows} rows have a problem.`,
          },
          this.now(),
        );
        return;
      }
      const batches = IMPORTERS[req.kind].batches(this.db, plan, { actor, now: this.now(), taxRate: this.taxRate });
      const count = { processed: 0, created: 0, updated: 0, longestWriteMs: 0 };
      const timed = async <T>(work: () => Promise<T>): Promise<T> => {
        const t0 = performance.now();
        const out = await work();
        count.longestWriteMs = Math.max(count.longestWriteMs, performance.now() - t0);
        return out;
      };
      for (let from = 0; from < batches.size; from += BATCH_ROWS) {
        const to = Math.min(batches.size, from + BATCH_ROWS);
        const n = await timed(() => this.db.transaction().execute((trx) => batches.write(trx, from, to)));
        count.processed = to;
        count.created += n.created;
        count.updated += n.updated;
        await repo.progress(this.db, jobId, count, this.now());
        // Waiting requests (a clerk's save) go first.
        await breathe();
      }
      const after = batches.after;
      if (after)
        for (let from = 0; from < after.size; from += BATCH_ROWS) {
          const to = Math.min(after.size, from + BATCH_ROWS);
          await timed(() => this.db.transaction().execute((trx) => after.write(trx, from, to)));
          await breathe();
        }
      count.processed = plan.rows;
      await repo.progress(this.db, jobId, count, this.now());
      await repo.finish(
        this.db,
        jobId,
        { state: 'done', skipped: plan.bad.size, problems: plan.problems, message: null },
        this.now(),
      );
      this.tell(req.kind, actor);
    } catch (e) {
      const message =
        e instanceof HttpError
          ? e.message
          : isUniqueViolation(e)
            ? 'A record the import was writing was made by someone else meanwhile (an item number or name now taken); the rows before it are written. Import the file again to finish.'
            : 'The import stopped on a database error; the rows before it are written. Import the file again to finish.';
      try {
        await repo.finish(
          this.db,
          jobId,
          { state: 'failed', skipped: 0, problems: plan?.problems ?? [], message },
          this.now(),
        );
      } catch {
        // The database is gone (the server is closing): the stale-job rule fails the job later.
      }
      if (!(e instanceof HttpError)) console.error('import job failed', e);
    }
    // In the background: the job is over for its caller (a failed one may have written rows too).
    this.afterWrite?.().catch((e) => console.error('compacting the search indexes after an import failed', e));
  }

  private tell(kind: ImportKind, actor: Actor) {
    if (!this.bus) return;
    if (kind === 'products') this.bus.publish({ type: 'catalogue', data: { user: actor.username } });
    if (kind === 'customers') this.bus.publish({ type: 'customer', data: { user: actor.username } });
  }
}
