/**
 * SQLite's checkpoints, off the event loop (docs/decisions/033-background-checkpoint.md).
 *
 * In WAL mode a commit appends its pages to the WAL; a checkpoint copies them back into the
 * database file, and SQLite syncs the WAL before and the file after. Left to SQLite, the commit
 * that takes the WAL past 1,000 pages runs that checkpoint itself, and better-sqlite3 is
 * synchronous: about 10-15 ms (two fsyncs and the copy) during which the one event loop answers
 * nobody. Here a worker thread with a connection of its own runs a PASSIVE checkpoint (it never
 * waits for a reader or a writer, and a writer never waits for it) a moment after writes, so
 * the server's commits only append. SQLite's own automatic checkpoint stays as the safety net at a
 * higher mark, should the worker fall behind or end. The worker ends after 10 s without writes
 * (about 17 MB less at rest) and the next write starts another.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The worker's whole program: one connection, a PASSIVE checkpoint on each message. */
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
parentPort.on('message', (m) => {
  if (m === 'close') { db.close(); parentPort.close(); return; }
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy or closing: the next one catches up */ }
  parentPort.postMessage('done');
});
`;

/** How long after a write the checkpoint runs: the commits of that moment share it. */
const DELAY_MS = 200;

/** The worker ends after this long without writes (about 17 MB less at rest); the next write starts one. */
const IDLE_MS = 10_000;

export class WalCheckpointer {
  private worker: Worker | null = null;
  /** The checkpoint scheduled after a write. */
  private timer: NodeJS.Timeout | null = null;
  /** Ends the worker after IDLE_MS without writes. */
  private idle: NodeJS.Timeout | null = null;
  /** A worker on its way out: the next one starts after it. */
  private ending: Promise<void> | null = null;
  private running = false;
  private again = false;
  private closed = false;
  /** Checkpoints completed (the test reads it). */
  checkpoints = 0;

  constructor(
    private readonly file: string,
    private readonly idleMs = IDLE_MS,
  ) {}

  /** A write was made: a checkpoint follows in a moment (one for every write of that moment). */
  wrote(): void {
    if (this.closed) return;
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    if (this.timer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule();
  }

  /** Whether a worker is alive now (the test reads it). */
  get alive(): boolean {
    return this.worker !== null;
  }

  private schedule() {
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, DELAY_MS);
    this.timer.unref();
  }

  private async run() {
    if (this.ending) await this.ending;
    if (this.closed) return;
    this.running = true;
    (this.worker ?? this.start()).postMessage('checkpoint');
  }

  private start(): Worker {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(PROGRAM, {
      eval: true,
      workerData: { file: this.file, driver },
      // A small program: a few MB of heap is all it needs.
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
    });
    worker.unref();
    worker.on('message', () => {
      this.checkpoints++;
      this.running = false;
      if (this.again) {
        this.again = false;
        this.schedule();
      } else if (!this.timer && !this.closed) {
        this.idle = setTimeout(() => void this.end(), this.idleMs);
        this.idle.unref();
      }
    });
    // A worker that failed leaves the checkpoints to SQLite's automatic one from then on.
    worker.on('error', () => {
      this.closed = true;
      this.running = false;
      if (this.worker === worker) this.worker = null;
    });
    this.worker = worker;
    return worker;
  }

  /** Ends the worker after its checkpoint in progress; its connection closes first. */
  private end(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.idle = null;
    if (!worker) return this.ending ?? Promise.resolve();
    const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    // Held open until it has ended (it is unreferenced so that it never keeps a process alive).
    worker.ref();
    worker.postMessage('close');
    this.ending = ended.then(() => {
      this.ending = null;
    });
    return this.ending;
  }

  /** Ends the worker, if one is alive, before the database closes. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.idle) clearTimeout(this.idle);
    this.timer = null;
    await this.end();
  }
}
