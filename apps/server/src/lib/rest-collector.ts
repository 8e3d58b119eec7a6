/**
 * One full garbage collection once the server rests after a burst of work (docs/performance.md,
 * "Server memory"). V8 collects its old generation when its heap grows, never because the process
 * has gone quiet, and the garbage of a burst (answers' buffers, rows read, compressed bodies)
 * holds memory outside V8's heap as well, which the allocator can give back to the system only
 * once it is collected. Measured at 100,000 orders after 10,000 quantity changes: RSS 253 MB,
 * and still 253 MB a minute later with nothing running; 197 MB after one collection (148 MB with
 * jemalloc as the allocator, malloc-tuning.ts).
 *
 * touch() on every request costs a clock read; the timer is armed once per burst and runs the
 * collection `restMs` after the burst's last request, then nothing happens until the next one.
 */
export class RestCollector {
  private last = 0;
  private pending = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly collect: () => void,
    private readonly restMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A request arrived: the collection waits for `restMs` without one. */
  touch(): void {
    this.last = this.now();
    if (this.pending) return;
    this.pending = true;
    this.arm(this.restMs);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = false;
  }

  private arm(ms: number): void {
    this.timer = setTimeout(() => this.check(), ms);
    this.timer.unref();
  }

  private check(): void {
    const quiet = this.now() - this.last;
    if (quiet < this.restMs) return this.arm(this.restMs - quiet);
    this.timer = null;
    this.pending = false;
    this.collect();
  }
}

/**
 * V8's most thorough collection when the process runs with --expose-gc (malloc-tuning.ts adds
 * it), else null. 'last-resort' is the one V8 runs before it gives up for lack of memory: several
 * passes, weak references and the array buffers' memory released at once, the heap shrunk. A
 * plain gc() freed the objects but left 66 MB of array buffers accounted and the heap at 75 MB.
 */
export function exposedGc(): (() => void) | null {
  const gc = globalThis.gc;
  return typeof gc === 'function' ? () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }) : null;
}
