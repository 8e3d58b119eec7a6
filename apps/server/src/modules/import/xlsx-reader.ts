/**
 * Reads workbooks off the event loop (docs/architecture.md section 15; issue 37, finding 1): in
 * worker threads (xlsx-worker.ts), each with a memory limit, and each read with a time limit; a
 * workbook past either is refused in words and its worker ended (the memory it took goes with the
 * thread), so one hostile or huge file never holds the requests of other clerks. At most READERS
 * workbooks are read at once per instance and WAITING more wait for a turn; beyond that 429. A
 * worker that read a workbook waits a minute for the next one (a preview is followed by its
 * import), then ends; the threads are unreferenced, so they never keep a stopping server up.
 */
import { Worker } from 'node:worker_threads';
import { badRequest, tooManyRequests } from '../../lib/errors.js';

export interface XlsxLimits {
  /** Most a worker's heap may hold, in MB. */
  memoryMb: number;
  /** Most a workbook may take to read, in ms. */
  timeMs: number;
}

export const XLSX_LIMITS: XlsxLimits = { memoryMb: 384, timeMs: 30_000 };
const READERS = 2;
const WAITING = 8;
const IDLE_MS = 60_000;

interface Reply {
  id: number;
  rows?: string[][];
  error?: string;
  refusal?: boolean;
}

/** A worker thread and what it is reading. */
class Reader {
  readonly worker: Worker;
  private job: { id: number; done: (r: Reply | Error) => void } | null = null;
  private idle: NodeJS.Timeout | null = null;
  dead = false;

  constructor(
    readonly memoryMb: number,
    private readonly onEnd: (r: Reader) => void,
  ) {
    const resourceLimits = { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 16 };
    // Built code runs xlsx-worker.js; the TypeScript sources (tests, dev mode) load it through
    // tsx, registered inside the worker thread (as the PDF workers do).
    this.worker = import.meta.url.endsWith('.ts')
      ? new Worker(
          `import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(new URL('./xlsx-worker.ts', import.meta.url).href)}); });`,
          { eval: true, resourceLimits },
        )
      : new Worker(new URL('./xlsx-worker.js', import.meta.url), { resourceLimits });
    this.worker.unref();
    this.worker.on('message', (msg: Reply) => {
      const job = this.job;
      if (!job || job.id !== msg.id) return;
      this.job = null;
      job.done(msg);
    });
    this.worker.on('error', (e) => this.end(e));
    this.worker.on('exit', (code) => this.end(new Error(`the reader stopped with code ${code}`)));
  }

  get busy(): boolean {
    return this.job !== null;
  }

  read(id: number, bytes: Uint8Array): Promise<Reply | Error> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    return new Promise((resolve) => {
      this.job = { id, done: resolve };
      this.worker.postMessage({ id, bytes });
    });
  }

  /** Waits IDLE_MS for the next workbook, then ends. */
  rest(): void {
    this.idle = setTimeout(() => this.end(null), IDLE_MS);
    this.idle.unref();
  }

  /** Ends the thread; a read under way gets `why`. */
  end(why: Error | null): void {
    if (this.idle) clearTimeout(this.idle);
    const job = this.job;
    this.job = null;
    if (!this.dead) {
      this.dead = true;
      this.onEnd(this);
      void this.worker.terminate();
    }
    if (job) job.done(why ?? new Error('the reader was stopped'));
  }
}

const readers: Reader[] = [];
const waiting: Array<() => void> = [];
let reading = 0;
let nextId = 1;

async function turn(): Promise<() => void> {
  if (reading >= READERS) {
    if (waiting.length >= WAITING)
      throw tooManyRequests('Several workbooks are being read right now; try again in a minute.', 30);
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else reading++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = waiting.shift();
    if (next) next();
    else reading--;
  };
}

function readerFor(memoryMb: number): Reader {
  const free = readers.find((r) => !r.busy && !r.dead && r.memoryMb === memoryMb);
  if (free) return free;
  const reader = new Reader(memoryMb, (r) => readers.splice(readers.indexOf(r) >>> 0, 1));
  readers.push(reader);
  return reader;
}

/** The first sheet's rows as text, read in a worker; a 400 in words when it cannot or may not be read. */
export async function readXlsxOffThread(bytes: Uint8Array, limits: XlsxLimits = XLSX_LIMITS): Promise<string[][]> {
  const release = await turn();
  const reader = readerFor(limits.memoryMb);
  const seconds = Math.max(1, Math.round(limits.timeMs / 1000));
  let late = false;
  const timer = setTimeout(() => {
    late = true;
    reader.end(new Error('late'));
  }, limits.timeMs);
  try {
    const reply = await reader.read(nextId++, bytes);
    if (late)
      throw badRequest(
        `This workbook is too large to read: it took longer than ${seconds} second${seconds === 1 ? '' : 's'}. Split it, or save it as CSV.`,
      );
    if (reply instanceof Error) {
      if ((reply as Error & { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw badRequest(
          `This workbook is too large to read: it needs more than the ${limits.memoryMb} MB an import may use. Split it, or save it as CSV.`,
        );
      throw badRequest(`The file could not be read as XLSX (${reply.message}).`);
    }
    if (reply.rows) return reply.rows;
    throw badRequest(reply.refusal ? reply.error! : `The file could not be read as XLSX: ${reply.error}`);
  } finally {
    clearTimeout(timer);
    if (!reader.dead) reader.rest();
    release();
  }
}
