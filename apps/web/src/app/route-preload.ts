import { APP_PATHS, BAY_IDS, PAGE_SIZES } from '@desk/domain';
import type { QueryClient } from '@tanstack/react-query';
import { getSession, sessionQueryKey } from '../features/auth/api/get-session';
import { hasSignedInHint, lastSignedInUser } from '../features/auth/redirect-target';
import { listDocumentsPage } from '../features/documents/api/list-documents';
import { documentKeys } from '../features/documents/api/query-keys';
import { getBayData } from '../features/loaders/api/get-bay-data';
import { loaderKeys } from '../features/loaders/api/query-keys';
import type { ServerQuery } from '../components/ui/data-table';
import { normalPath } from '../lib/navigation';

/** The chunks of the signed-in pages; router.tsx's lazy routes load them with these. */
export const loadSignedInShell = () => import('./layout/signed-in-shell');
export const loadSalesPage = () => import('./routes/sales-page');
export const loadLoadersPage = () => import('../features/loaders/loaders-page');
/** The Sales page's tabs, each its own chunk (sales-page.tsx); the open one starts with the page. */
export const salesTabChunks = {
  orders: () => import('../features/orders/orders-tab'),
  quotes: () => import('../features/quotes/quotes-tab'),
  customers: () => import('../features/customers/customers-tab'),
  'vendor-orders': () => import('../features/vendor-orders/vendor-orders-tab'),
};

/** What the Orders tab asks for first: page 1, newest first, no filter (DocumentList, DataTable). */
export const FIRST_ORDERS_PAGE: ServerQuery = { page: 1, size: PAGE_SIZES[0], sort: '-id', filters: {} };

/**
 * Started by main.tsx before the first render, so nothing waits on anything else (issue 19, no
 * request waterfall): the session probe, the page's chunk and its first data go out together.
 * Without this the chain was entry -> session -> route chunk -> list. The first page asks the
 * server only for a signed-in user: at once when this tab had one (sessionStorage, the usual
 * reload) or the browser carries the server's signed-in hint cookie (a new tab), otherwise as
 * soon as the session answers, so a signed-out visitor never gets a 401. Asked at once, the data
 * goes out before the chunk's files, which otherwise take the browser's 6 connections first.
 * The components read the same query keys, so they find the answers (or the requests in flight).
 */
export function preloadRoute(
  queryClient: QueryClient,
  location: Pick<Location, 'pathname' | 'search'>,
  signedIn: boolean,
): void {
  const session = queryClient.fetchQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 60_000,
  });
  // The session's error is shown by RequireSession, which asks again.
  session.catch(() => {});

  const path = normalPath(location.pathname);
  // A page in the signed-in frame (router.tsx says which) needs the frame's chunk too.
  if (signedIn) void loadSignedInShell().catch(() => {});
  let firstData: (() => void) | undefined;
  let chunk: (() => void) | undefined;
  if (path === APP_PATHS.sales) {
    const tab = new URLSearchParams(location.search).get('tab');
    // Own keys only: '?tab=constructor' must not find Object's members.
    const name = tab ?? 'orders';
    const tabChunk = Object.hasOwn(salesTabChunks, name)
      ? salesTabChunks[name as keyof typeof salesTabChunks]
      : salesTabChunks.orders;
    chunk = () => {
      void loadSalesPage().catch(() => {});
      void tabChunk().catch(() => {});
    };
    if (tab === null || tab === 'orders') {
      firstData = () =>
        void queryClient.prefetchQuery({
          queryKey: [...documentKeys.list('order', false), FIRST_ORDERS_PAGE],
          queryFn: ({ signal }) => listDocumentsPage('order', false, FIRST_ORDERS_PAGE, signal),
        });
    }
  } else if (path === APP_PATHS.loaders) {
    chunk = () => void loadLoadersPage().catch(() => {});
    firstData = () => {
      for (const bayId of BAY_IDS)
        void queryClient.prefetchQuery({
          queryKey: loaderKeys.bay(bayId),
          queryFn: ({ signal }) => getBayData(bayId, signal),
        });
    };
  }
  // A browser on HTTP/1.1 opens 6 connections to a host: the data asked for first gets one
  // before the route's chunks take the rest.
  if (firstData && (lastSignedInUser() !== null || hasSignedInHint())) firstData();
  else if (firstData)
    void session.then(
      (info) => {
        if (info) firstData();
      },
      () => {},
    );
  chunk?.();
}
