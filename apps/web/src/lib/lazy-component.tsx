import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

/** A component loaded on first render (its own chunk), which can be asked for earlier. */
export type LazyComponent<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A modal (or tab) in its own chunk, so the list it belongs to paints without its code (issue 19:
 * dialog-only libraries such as react-select never load before the list). It renders nothing
 * (or `fallback`) until the chunk has arrived, inside its own Suspense boundary, so the page behind never falls
 * back to a spinner; `preload` fetches it ahead (usePreloadWhenIdle) so opening is instant.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): LazyComponent<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  // React's lazy() keeps a failed load for good: after a failure the next render gets a new one.
  const makeLazy = () => lazy(() => preload().then((component) => ({ default: component })));
  let Lazy: ReturnType<typeof makeLazy>;
  const preload = () => {
    // A failed download may be retried on the next try (a flaky network), not cached as failed.
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        Lazy = makeLazy();
        throw error;
      },
    );
    return loading;
  };
  Lazy = makeLazy();
  function LazyWithBoundary(props: P) {
    // Loaded already (preloaded): drawn in this very render, without a round through Suspense.
    // Decided once per mount, so the tree under it never changes shape (that would remount it).
    const [Ready] = useState(() => loaded);
    if (Ready) return <Ready {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyWithBoundary, { preload });
}

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Whether any query under `queryKey` has data: the list's first page has arrived (and painted). */
function useHasData(queryKey: QueryKey): boolean {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => queryClient.getQueriesData({ queryKey }).some(([, data]) => data !== undefined),
  );
}

/**
 * Fetches the given lazy components (the list's modals) when the browser is idle after the list
 * under `listKey` has its first page, one per idle period, so the prefetch neither competes with
 * the list's own requests nor blocks input with one long task. Safari has no
 * requestIdleCallback: a timer stands in.
 */
export function usePreloadWhenIdle(listKey: QueryKey, components: { preload: () => Promise<unknown> }[]): void {
  usePreloadOnceIdle(useHasData(listKey), components);
}

/** Fetches the given lazy components when the browser is idle once `ready`, one per idle period. */
export function usePreloadOnceIdle(ready: boolean, components: { preload: () => Promise<unknown> }[]): void {
  const [queue] = useState(() => [...components]);
  useEffect(() => {
    if (!ready) return;
    const w = window as IdleWindow;
    let cancel: (() => void) | undefined;
    let cancelled = false;
    const schedule = () => {
      if (cancelled || queue.length === 0) return;
      const next = () => {
        if (cancelled) return;
        const c = queue.shift();
        // A failed prefetch is not an error the user sees: opening the modal tries again.
        void c?.preload().then(schedule, schedule);
      };
      if (w.requestIdleCallback && w.cancelIdleCallback) {
        const handle = w.requestIdleCallback(next, { timeout: 5000 });
        cancel = () => w.cancelIdleCallback?.(handle);
      } else {
        const handle = window.setTimeout(next, 500);
        cancel = () => window.clearTimeout(handle);
      }
    };
    schedule();
    return () => {
      cancelled = true;
      cancel?.();
    };
  }, [ready, queue]);
}
