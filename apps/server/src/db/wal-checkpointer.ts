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
 * higher mark, should the worker fall behind or end.
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

export class WalCheckpointer {
  private readonly worker: Worker;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private again = false;
  private closed = false;
  /** Checkpoints completed (the test reads it). */
  checkpoints = 0;

  constructor(file: string) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(PROGRAM, {
      eval: true,
      workerData: { file, driver },
      // A small program: a few MB of heap is all it needs.
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
    });
    this.worker.unref();
    this.worker.on('message', () => {
      this.checkpoints++;
      this.running = false;
      if (this.again) {
        this.again = false;
        this.schedule();
      }
    });
    // A worker that ended leaves the checkpoints to SQLite's automatic one.
    this.worker.on('error', () => (this.closed = true));
    this.worker.on('exit', () => (this.closed = true));
  }

  /** A write was made: a checkpoint follows in a moment (one for every write of that moment). */
  wrote(): void {
    if (this.closed || this.timer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule();
  }

  private schedule() {
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.closed) return;
      this.running = true;
      this.worker.postMessage('checkpoint');
    }, DELAY_MS);
    this.timer.unref();
  }

  /** Ends the worker after its checkpoint in progress; its connection closes first. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.closed) return;
    this.closed = true;
    const ended = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    // Held open until it has ended (it is unreferenced so that it never keeps a process alive).
    this.worker.ref();
    this.worker.postMessage('close');
    await ended;
  }
}
