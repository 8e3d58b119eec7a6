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
