/**
 * Imported first by main.ts: on Linux, the server runs with glibc's allocator told to keep memory
 * compact, by starting itself again (same pid, same arguments) with two settings glibc only reads
 * when a process starts (docs/performance.md, "Server memory"):
 * - MALLOC_ARENA_MAX=2: at most two malloc arenas, instead of up to eight per core for the
 *   threads (libuv's pool compresses answers, SQLite, the PDF worker), each keeping its own free
 *   pages;
 * - MALLOC_MMAP_THRESHOLD_=131072: blocks of 128 KiB and more (brotli's windows, PDF buffers)
 *   always come from mmap and go back to the system when freed; glibc otherwise raises this
 *   threshold after such a free, and later big blocks stay in the arenas as holes.
 * An operator who sets either variable keeps their own value, and nothing happens elsewhere.
 */
if (
  process.platform === 'linux' &&
  process.env.MALLOC_ARENA_MAX === undefined &&
  process.env.MALLOC_MMAP_THRESHOLD_ === undefined &&
  typeof process.execve === 'function'
) {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    MALLOC_ARENA_MAX: '2',
    MALLOC_MMAP_THRESHOLD_: '131072',
  });
}

export {};
