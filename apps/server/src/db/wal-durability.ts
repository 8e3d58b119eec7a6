/**
 * Group commit for SQLite (docs/decisions/022-group-commit.md). SQLite runs in WAL mode with
 * synchronous=NORMAL, so a COMMIT writes its frames to the WAL file without waiting for the disk;
 * the disk wait (fsync of the WAL) happens here, off the event loop, once for every commit made
 * while the previous one ran. No answer leaves the server before the fsync that followed every
 * write it could have seen (app.ts awaits `durable()` before sending), so an acknowledged write
 * survives a power loss exactly as with synchronous=FULL, and no answer shows a change that a
 * power loss could still take back.
 *
 * What counts as a write: every statement SQLite does not call read-only, and every COMMIT
 * (database.ts tells each one through noteWrite, before it runs in the same tick). An fsync
 * started after a write was noted covers it.
 */
import { closeSync, fsync, fsyncSync, openSync } from 'node:fs';
import path from 'node:path';

export class WalDurability {
  /** Writes noted so far. */
  private written = 0;
  /** Writes known to be on disk: every one noted before the last completed fsync started. */
  private synced = 0;
  private flushing: Promise<void> | null = null;
  private fd: number | null = null;
  /** An fsync that failed: the WAL's state on disk is unknown, so nothing is acknowledged again. */
  private failure: Error | null = null;
  /** fsyncs completed (the test and the bench read it). */
  syncs = 0;

  constructor(
    private readonly walPath: string,
    /** The disk wait; tests slow it down to see who waits for it. */
    private readonly sync: (fd: number) => Promise<void> = fsyncAsync,
  ) {}

  noteWrite(): void {
    this.written++;
  }

  /** True when a write noted so far is not yet known to be on disk. */
  get pending(): boolean {
    return this.synced < this.written;
  }

  /** Resolves once every write noted before the call is on disk (at once when they all are). */
  async durable(): Promise<void> {
    const target = this.written;
    while (this.synced < target) {
      if (this.failure) throw this.failure;
      this.flushing ??= this.flush().finally(() => (this.flushing = null));
      await this.flushing;
    }
    if (this.failure) throw this.failure;
  }

  private async flush(): Promise<void> {
    const upTo = this.written;
    try {
      await this.sync(this.walFd());
      this.syncs++;
      this.synced = Math.max(this.synced, upTo);
    } catch (e) {
      // After a failed fsync the kernel may have dropped the dirty pages: a later fsync that
      // succeeds would not prove them written. Refuse every answer from now on (as PostgreSQL
      // stops on a failed fsync); a restart recovers from what is on disk.
      this.failure = new Error(`The database file could not be written to disk: ${(e as Error).message}`);
      throw this.failure;
    }
  }

  private walFd(): number {
    if (this.fd === null) {
      // The WAL exists from the first write on, and SQLite keeps the file (and reuses it from
      // the start after a checkpoint) while a connection is open. Its directory entry is made
      // durable once, as SQLite does for a new journal.
      this.fd = openSync(this.walPath, 'r+');
      syncDirectory(path.dirname(this.walPath));
    }
    return this.fd;
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

function fsyncAsync(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fsync(fd, (e) => (e ? reject(e) : resolve())));
}

function syncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    // Synchronous, once per process: the directory's entry for the WAL file.
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
