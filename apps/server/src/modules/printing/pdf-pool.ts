/**
 * A small pool of worker threads for PDF rendering (docs/architecture.md section 8: heavy work runs off the
 * event loop). Workers start on first use and are replaced if one dies.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PrintableDocument } from '@desk/domain';

interface Job {
  id: number;
  doc: PrintableDocument;
  resolve: (b: Buffer) => void;
  reject: (e: Error) => void;
}

export class PdfPool {
  private workers: { worker: Worker; busy: Job | null }[] = [];
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

  constructor(private readonly size = Math.max(1, Math.min(2, availableParallelism() - 1))) {}

  private spawn() {
    // Built code runs pdf-worker.js; the TypeScript sources (tests, dev mode) load the worker
    // through tsx, registered inside the worker thread.
    const isTs = import.meta.url.endsWith('.ts');
    const worker = isTs
      ? new Worker(
          `import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(new URL('./pdf-worker.ts', import.meta.url).href)}); });`,
          { eval: true },
        )
      : new Worker(new URL('./pdf-worker.js', import.meta.url));
    const slot = { worker, busy: null as Job | null };
    worker.on('message', (msg: { id: number; pdf?: Uint8Array; error?: string }) => {
      const job = slot.busy;
      slot.busy = null;
      if (job && job.id === msg.id) {
        if (msg.pdf) job.resolve(Buffer.from(msg.pdf.buffer, msg.pdf.byteOffset, msg.pdf.byteLength));
        else job.reject(new Error(`PDF rendering failed: ${msg.error}`));
      }
      this.pump();
    });
    const fail = (err: Error) => {
      const job = slot.busy;
      slot.busy = null;
      this.workers = this.workers.filter((w) => w !== slot);
      job?.reject(err);
      if (!this.closed) this.pump();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (code !== 0 || slot.busy) fail(new Error(`PDF worker exited with code ${code}`));
      else this.workers = this.workers.filter((w) => w !== slot);
    });
    worker.unref();
    this.workers.push(slot);
    return slot;
  }

  private pump() {
    while (this.queue.length) {
      let slot = this.workers.find((w) => !w.busy);
      if (!slot && this.workers.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.busy = job;
      slot.worker.postMessage({ id: job.id, doc: job.doc });
    }
  }

  render(doc: PrintableDocument): Promise<Buffer> {
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
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
    this.workers = [];
  }
}
