/**
 * Imported first by main.ts: on Linux, the server runs with its memory kept compact, by starting
 * itself again (same pid, same arguments) with settings a process reads only when it starts
 * (docs/performance.md, "Server memory"):
 * - jemalloc as the allocator, when the system has it (Debian: libjemalloc2), preloaded, with a
 *   background thread that hands freed pages back to the system after a few seconds even while
 *   the server is idle, and two arenas. glibc's allocator keeps what a burst of requests freed in
 *   the middle of its heap: after 10,000 quantity changes and one collection, RSS 197 MB with
 *   glibc, 148 MB with jemalloc;
 * - otherwise glibc told to stay compact: MALLOC_ARENA_MAX=2 (at most two arenas, instead of up
 *   to eight per core for the threads: libuv's pool compresses answers, SQLite, the PDF worker)
 *   and MALLOC_MMAP_THRESHOLD_=131072 (blocks of 128 KiB and more, brotli's windows and PDF
 *   buffers, always from mmap and back to the system when freed; glibc otherwise raises this
 *   threshold after such a free, and later big blocks stay in the heap as holes);
 * - --expose-gc, for the one collection once the server rests after a burst (rest-collector.ts).
 * An operator who sets MALLOC_ARENA_MAX or MALLOC_MMAP_THRESHOLD_ keeps their own allocator
 * settings and nothing of this happens (set LD_PRELOAD to choose another allocator: it is kept,
 * and jemalloc is then not added). Elsewhere nothing happens either.
 */
import { existsSync } from 'node:fs';

/** Where Debian, Ubuntu, Fedora and Alpine put jemalloc's shared library. */
const JEMALLOC = [
  '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
  '/usr/lib64/libjemalloc.so.2',
  '/usr/lib/libjemalloc.so.2',
];

if (
  process.platform === 'linux' &&
  process.env.MALLOC_ARENA_MAX === undefined &&
  process.env.MALLOC_MMAP_THRESHOLD_ === undefined &&
  typeof process.execve === 'function'
) {
  const env: NodeJS.ProcessEnv = { ...process.env, MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };
  const jemalloc = process.env.LD_PRELOAD === undefined ? JEMALLOC.find((file) => existsSync(file)) : undefined;
  if (jemalloc) {
    env.LD_PRELOAD = jemalloc;
    env.MALLOC_CONF ??= 'background_thread:true,narenas:2';
  }
  const flags = process.execArgv.includes('--expose-gc') ? process.execArgv : [...process.execArgv, '--expose-gc'];
  process.execve(process.execPath, [process.execPath, ...flags, ...process.argv.slice(1)], env);
}

export {};
