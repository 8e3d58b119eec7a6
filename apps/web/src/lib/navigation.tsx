/**
 * The app's navigation: the address (path, query, state) as React state, links that change it
 * without a page load, and the guard that asks before a navigation leaves unsaved edits behind
 * (docs/decisions/021-own-navigation.md: why this and not React Router, about 29 KB gzip before
 * every first paint for seven fixed paths).
 *
 * A Navigator is the browser's history (createBrowserNavigator, the app) or a list of entries in
 * memory (createMemoryNavigator, the tests). Every navigation goes through `navigate` or the
 * browser's Back and Forward, and every one of them asks the blockers first: one that answers true
 * holds the navigation until its `proceed` (go on) or `reset` (stay).
 */
import {
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation carried (e.g. where /login sends the user back to); null when none. */
  state: unknown;
  /** Unique per history entry. */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface Transition {
  currentLocation: AppLocation;
  nextLocation: AppLocation;
}

/** Answers true to hold the navigation; it is then held until proceed() or reset(). */
export type BlockerFunction = (transition: Transition) => boolean;

interface BlockerEntry {
  when: BlockerFunction;
  /** Told that a navigation was held for it, with the way to let it go. */
  onBlocked: (retry: () => void) => void;
}

export interface Navigator {
  readonly location: AppLocation;
  navigate(to: string, options?: NavigateOptions): void;
  /** Back (-1) or forward (1) in the history, through the blockers like any navigation. */
  go(delta: number): void;
  subscribe(listener: () => void): () => void;
  block(entry: BlockerEntry): () => void;
}

let keys = 0;
const newKey = () => `${Date.now().toString(36)}-${(keys++).toString(36)}`;

/** Splits `to` (an absolute path, or a query or hash on the current path) into its parts. */
export function resolveTo(to: string, from: Pick<AppLocation, 'pathname' | 'search'>) {
  const url = new URL(to, `http://x${from.pathname}${from.search}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export const hrefOf = (l: Pick<AppLocation, 'pathname' | 'search' | 'hash'>) => `${l.pathname}${l.search}${l.hash}`;

/** The shared part of both navigators: listeners and blockers. */
function createCore() {
  const listeners = new Set<() => void>();
  const blockers = new Set<BlockerEntry>();
  return {
    listeners,
    blockers,
    notify: () => listeners.forEach((l) => l()),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    block(entry: BlockerEntry) {
      blockers.add(entry);
      return () => void blockers.delete(entry);
    },
    /** True when a blocker holds the transition (it is then told how to go on). */
    held(transition: Transition, retry: () => void): boolean {
      for (const b of blockers) {
        if (b.when(transition)) {
          b.onBlocked(retry);
          return true;
        }
      }
      return false;
    },
  };
}

interface HistoryState {
  usr: unknown;
  key: string;
  idx: number;
}

/** The browser's history (the app). */
export function createBrowserNavigator(win: Window = window): Navigator {
  const core = createCore();
  const h = win.history;
  const read = (): AppLocation => {
    const s = h.state as Partial<HistoryState> | null;
    return {
      pathname: win.location.pathname,
      search: win.location.search,
      hash: win.location.hash,
      state: s?.usr ?? null,
      key: s?.key ?? 'default',
    };
  };
  // Each entry made here knows its place, so Back and Forward know how far they went (and can be
  // undone when a blocker holds them).
  let index = (h.state as Partial<HistoryState> | null)?.idx ?? 0;
  if ((h.state as Partial<HistoryState> | null)?.idx === undefined)
    h.replaceState({ ...(h.state as object | null), usr: null, key: 'default', idx: index }, '');
  let location = read();
  let ignoreNextPop = false;
  let passNextPop = false;

  win.addEventListener('popstate', () => {
    if (ignoreNextPop) {
      ignoreNextPop = false;
      return;
    }
    const s = h.state as Partial<HistoryState> | null;
    if (s?.idx === undefined) {
      // A jump to an anchor on the page (#main-content) made this entry: same page, next place.
      index += 1;
      h.replaceState({ usr: null, key: newKey(), idx: index }, '');
      location = read();
      core.notify();
      return;
    }
    const next = read();
    const delta = index - s.idx;
    if (!passNextPop && delta !== 0) {
      // The browser has already moved: move back at once, and go again if the blocker lets it.
      const blocked = core.held({ currentLocation: location, nextLocation: next }, () => {
        passNextPop = true;
        h.go(-delta);
      });
      if (blocked) {
        ignoreNextPop = true;
        h.go(delta);
        return;
      }
    }
    passNextPop = false;
    index = s.idx;
    location = next;
    core.notify();
  });

  const navigate = (to: string, options: NavigateOptions = {}) => {
    const target = resolveTo(to, location);
    const next: AppLocation = { ...target, state: options.state ?? null, key: newKey() };
    const commit = () => {
      const replace = options.replace === true;
      if (!replace) index += 1;
      const state: HistoryState = { usr: next.state, key: next.key, idx: index };
      if (replace) h.replaceState(state, '', hrefOf(next));
      else h.pushState(state, '', hrefOf(next));
      location = next;
      core.notify();
    };
    if (core.held({ currentLocation: location, nextLocation: next }, commit)) return;
    commit();
  };

  return {
    get location() {
      return location;
    },
    navigate,
    go: (delta) => h.go(delta),
    subscribe: core.subscribe,
    block: core.block,
  };
}

/** Entries in memory (tests): `initialEntries` are paths with their query, the last one current. */
export function createMemoryNavigator(initialEntries: string[] = ['/']): Navigator {
  const core = createCore();
  const entries: AppLocation[] = initialEntries.map((e) => ({
    ...resolveTo(e, { pathname: '/', search: '' }),
    state: null,
    key: newKey(),
  }));
  let index = entries.length - 1;
  const moveTo = (next: AppLocation, apply: () => void) => {
    const current = entries[index]!;
    if (core.held({ currentLocation: current, nextLocation: next }, () => (apply(), core.notify()))) return;
    apply();
    core.notify();
  };
  return {
    get location() {
      return entries[index]!;
    },
    navigate(to, options = {}) {
      const next: AppLocation = {
        ...resolveTo(to, entries[index]!),
        state: options.state ?? null,
        key: newKey(),
      };
      moveTo(next, () => {
        if (options.replace) entries[index] = next;
        else {
          entries.splice(index + 1, entries.length, next);
          index += 1;
        }
      });
    },
    go(delta) {
      const to = Math.max(0, Math.min(entries.length - 1, index + delta));
      if (to === index) return;
      moveTo(entries[to]!, () => (index = to));
    },
    subscribe: core.subscribe,
    block: core.block,
  };
}

const NavigatorContext = createContext<Navigator | null>(null);

export function NavigationProvider({ navigator, children }: { navigator: Navigator; children: ReactNode }) {
  return <NavigatorContext.Provider value={navigator}>{children}</NavigatorContext.Provider>;
}

function useNavigator(): Navigator {
  const n = useContext(NavigatorContext);
  if (!n) throw new Error('Navigation hooks need a NavigationProvider above them');
  return n;
}

/** The current address; the component renders again when it changes. */
export function useLocation(): AppLocation {
  const n = useNavigator();
  return useSyncExternalStore(
    n.subscribe,
    () => n.location,
    () => n.location,
  );
}

export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  const n = useNavigator();
  return n.navigate;
}

export type SetSearchParams = (
  next: URLSearchParams | ((previous: URLSearchParams) => URLSearchParams),
  options?: NavigateOptions,
) => void;

/** The query of the address, and a way to change it (the path stays). */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const n = useNavigator();
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback<SetSearchParams>(
    (next, options) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(n.location.search)) : next;
      const query = value.toString();
      n.navigate(`${n.location.pathname}${query ? `?${query}` : ''}`, options);
    },
    [n],
  );
  return [params, set];
}

/** Goes to `to` once rendered (a redirect): once per `to`, whatever else re-renders it. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  const options = useRef({ replace, state });
  options.current = { replace, state };
  useEffect(() => {
    navigate(to, options.current);
  }, [navigate, to]);
  return null;
}

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string;
  replace?: boolean;
}

/** A real link (it opens in a new tab as links do) that navigates inside the app when clicked. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, onClick, ...rest }, ref) {
  const navigate = useNavigate();
  const location = useLocation();
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey ||
      (rest.target && rest.target !== '_self')
    )
      return;
    event.preventDefault();
    // A link to the page already shown replaces its entry: a second click (or a click on the
    // current page's link) adds no entry that Back would seem to do nothing for.
    navigate(to, { replace: replace ?? hrefOf(resolveTo(to, location)) === hrefOf(location) });
  };
  return <a {...rest} ref={ref} href={to} onClick={handle} />;
});

/** A Link that says it is the current page (aria-current and the `active` class) on its path. */
export const NavLink = forwardRef<HTMLAnchorElement, LinkProps>(function NavLink({ className, ...rest }, ref) {
  const { pathname } = useLocation();
  const active = samePath(pathname, rest.to);
  return (
    <Link
      {...rest}
      ref={ref}
      className={[className, active ? 'active' : ''].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
    />
  );
});

/** Paths compare without case and without a trailing slash, as the server's routes do. */
export function normalPath(pathname: string): string {
  return (pathname.replace(/\/+$/, '') || '/').toLowerCase();
}

export const samePath = (a: string, b: string) => normalPath(a) === normalPath(b);

export interface Blocker {
  state: 'unblocked' | 'blocked';
  /** Lets the held navigation go. */
  proceed(): void;
  /** Drops the held navigation: the user stays. */
  reset(): void;
}

/** Holds navigations for which `when` answers true, until proceed() or reset(). */
export function useBlocker(when: BlockerFunction): Blocker {
  const n = useNavigator();
  const whenRef = useRef(when);
  whenRef.current = when;
  const [held, setHeld] = useState<(() => void) | null>(null);
  useEffect(
    () =>
      n.block({
        when: (t) => whenRef.current(t),
        onBlocked: (retry) => setHeld(() => retry),
      }),
    [n],
  );
  return useMemo(
    () => ({
      state: held ? 'blocked' : 'unblocked',
      proceed: () => {
        setHeld(null);
        held?.();
      },
      reset: () => setHeld(null),
    }),
    [held],
  );
}

/** Children with navigation in memory (tests of one screen): starts at the last of `initialEntries`. */
export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children: ReactNode }) {
  const [navigator] = useState(() => createMemoryNavigator(initialEntries));
  return <NavigationProvider navigator={navigator}>{children}</NavigationProvider>;
}
