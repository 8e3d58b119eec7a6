/**
 * A small pool of worker threads for PDF rendering (docs/architecture.md section 8: heavy work runs off the
 * event loop). Workers start on first use, are replaced if one dies, and end after a minute
 * without work: an idle worker holds tens of MB (its own V8 heap, the parsed fonts), and a
 * counter prints in bursts (the order, its pick ticket, its e-mail). A print that finds no worker
 * starts one: about 0.65 s against 0.08 s warm for a 50-line order. Ending workers after 20 s
 * instead freed about 30 MB at rest and did not bring the bench's memory at rest under its target
 * (docs/performance.md, "Memory at rest"), so the minute stays.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PrintableDocument } from '@desk/domain';
import type { CountSheet } from './render-count-sheet.js';

export type { CountSheet };

/** What the workers render: an order's or a quote's document, or a stock count's sheet. */
export type Printable = PrintableDocument | CountSheet;

interface Job {
  id: number;
  doc: Printable;
  resolve: (b: Buffer) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: Job | null;
  idle: NodeJS.Timeout | null;
}

/**
 * A worker's young generation, in MB. V8 sizes it from the machine's memory (up to 3 x 32 MB on
 * a large host), so an idle worker kept that much after a burst; a render allocates a few MB at a
 * time. 16 MB saved a few ms of a 50-line render's CPU in one thread but did not move the bench's
 * cold p50, whose runs spread wider than that (docs/performance.md, "PDF time"): 8 stays.
 */
const WORKER_YOUNG_GENERATION_MB = 8;

export class PdfPool {
  private workers: Slot[] = [];
  private queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /**
   * The same print model always renders to the same document, so recent PDFs are kept by the
   * hash of their model: Print, Download and Send Email of one unchanged order render it once.
   * Any change to the order, its customer, its products or the day changes the model.
   */
  private cache = new Map<string, Promise<Buffer>>();
  private static readonly CACHE_SIZE = 32;

  constructor(
    private readonly size = Math.max(1, Math.min(2, availableParallelism() - 1)),
    /** How long a worker waits for the next document before it ends (it starts again on demand). */
    private readonly idleMs = 60_000,
  ) {}

  private spawn() {
    // Built code runs pdf-worker.js; the TypeScript sources (tests, dev mode) load the worker
    // through tsx, registered inside the worker thread.
    const isTs = import.meta.url.endsWith('.ts');
    const resourceLimits = { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB };
    const worker = isTs
      ? new Worker(
          `import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(new URL('./pdf-worker.ts', import.meta.url).href)}); });`,
          { eval: true, resourceLimits },
        )
      : new Worker(new URL('./pdf-worker.js', import.meta.url), { resourceLimits });
    const slot: Slot = { worker, busy: null, idle: null };
    worker.on('message', (msg: { id: number; pdf?: Uint8Array; error?: string }) => {
      const job = slot.busy;
      slot.busy = null;
      if (job && job.id === msg.id) {
        if (msg.pdf) job.resolve(Buffer.from(msg.pdf.buffer, msg.pdf.byteOffset, msg.pdf.byteLength));
        else job.reject(new Error(`PDF rendering failed: ${msg.error}`));
      }
      this.pump();
      if (!slot.busy) this.endWhenIdle(slot);
    });
    const fail = (err: Error) => {
      this.stopIdleTimer(slot);
      const job = slot.busy;
      slot.busy = null;
      this.workers = this.workers.filter((w) => w !== slot);
      job?.reject(err);
      if (!this.closed) this.pump();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      this.stopIdleTimer(slot);
      if (code !== 0 || slot.busy) fail(new Error(`PDF worker exited with code ${code}`));
      else this.workers = this.workers.filter((w) => w !== slot);
    });
    worker.unref();
    this.workers.push(slot);
    return slot;
  }

  /** Workers alive now: they start on demand and end after idleMs without work. */
  get running(): number {
    return this.workers.length;
  }

  private stopIdleTimer(slot: Slot) {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
  }

  /** Ends the worker after idleMs without a job (it leaves the pool at once, so no job reaches it). */
  private endWhenIdle(slot: Slot) {
    this.stopIdleTimer(slot);
    slot.idle = setTimeout(() => {
      if (slot.busy) return;
      this.workers = this.workers.filter((w) => w !== slot);
      void slot.worker.terminate();
    }, this.idleMs);
    slot.idle.unref();
  }

  private pump() {
    while (this.queue.length) {
      let slot = this.workers.find((w) => !w.busy);
      if (!slot && this.workers.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift()!;
      this.stopIdleTimer(slot);
      slot.busy = job;
      slot.worker.postMessage({ id: job.id, doc: job.doc });
    }
  }

  render(doc: Printable): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('PDF pool is closed'));
    const key = createHash('sha256').update(JSON.stringify(doc)).digest('base64url');
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const rendering = new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, doc, resolve, reject });
      this.pump();
    });
    this.cache.set(key, rendering);
    rendering.catch(() => this.cache.delete(key));
    while (this.cache.size > PdfPool.CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    return rendering;
  }

  async close() {
    this.closed = true;
    for (const j of this.queue.splice(0)) j.reject(new Error('PDF pool is closed'));
    for (const w of this.workers) this.stopIdleTimer(w);
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
    this.workers = [];
  }
}
