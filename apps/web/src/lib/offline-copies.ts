/**
 * Which answers came from the service worker's kept copies (public/sw.js) rather than the server:
 * with the network gone, the yard's reads are answered from the last copy, marked with the
 * X-Desk-Offline-Copy header (when that copy was made). A screen shows such data as stale.
 */
import { useSyncExternalStore } from 'react';

const copies = new Map<string, number>();
const watchers = new Set<() => void>();
let snapshot: ReadonlyMap<string, number> = new Map();

/** Records the answer to `path`: a kept copy made at `copiedAt` (the header), or a fresh one (null). */
export function noteAnswer(path: string, copiedAt: string | null): void {
  const before = copies.get(path);
  if (copiedAt === null) {
    if (before === undefined) return;
    copies.delete(path);
  } else {
    const at = Date.parse(copiedAt);
    const when = Number.isNaN(at) ? 0 : at;
    if (before === when) return;
    copies.set(path, when);
  }
  snapshot = new Map(copies);
  for (const w of watchers) w();
}

const subscribe = (onChange: () => void) => {
  watchers.add(onChange);
  return () => watchers.delete(onChange);
};

/** The paths last answered from a kept copy, with when each copy was made (ms; 0 if unknown). */
export function useOfflineCopies(): ReadonlyMap<string, number> {
  return useSyncExternalStore(subscribe, () => snapshot);
}

/** The service worker's cache of the yard's reads (YARD in public/sw.js). */
const YARD_CACHE = 'desk-yard-v1';

/**
 * Deletes the service worker's kept copies of the yard's reads: called when the session has ended
 * (a 401) or the user signs out, so a tablet that goes offline afterwards shows nothing of it.
 */
export function forgetOfflineCopies(): void {
  if (typeof caches === 'undefined') return;
  void caches.delete(YARD_CACHE).catch(() => {
    // Cache Storage refused (a private window): there is nothing kept to forget.
  });
}
