import { APP_PATHS, isYardPath, type AppPath } from '@desk/domain';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Loading, lazyWithLoading } from '../components/ui/loading';
import { lazyComponent, type LazyComponent } from '../lib/lazy-component';
import { normalPath, useLocation } from '../lib/navigation';
import { DocumentTitle } from './document-title';
import { LandingPage } from './routes/landing-page';
import { LoginPage } from './routes/login-page';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorPage } from './routes/route-error-page';
import { loadLoadersPage, loadSalesPage, loadSignedInShell } from './route-preload';

// Each area is its own chunk, so / and /login download only what they show; the signed-in frame
// (top bar, session check) is one too. main.tsx starts the chunks of the page being opened before
// the session answers (route-preload.ts), and renders once they are there (preloadPage).
const SignedIn = lazyComponent(() => loadSignedInShell().then((m) => m.SignedInShell), <Loading fullPage />);
const SalesPage = lazyWithLoading(() => loadSalesPage().then((m) => m.SalesPage));
const LoadersPage = lazyWithLoading(() => loadLoadersPage().then((m) => m.LoadersPage));
const AdminPage = lazyWithLoading(() => import('../features/admin/admin-page').then((m) => m.AdminPage));
const DashboardPage = lazyWithLoading(() =>
  import('../features/dashboard/dashboard-page').then((m) => m.DashboardPage),
);
const StockPage = lazyWithLoading(() => import('../features/stock/stock-page').then((m) => m.StockPage));
const AccountPage = lazyWithLoading(() => import('../features/account/account-page').then((m) => m.AccountPage));

interface AppRoute {
  title: string;
  /**
   * Signed-in pages sit in the signed-in frame; `admin` ones are for administrators only. A yard
   * sign-in (ROLE_YARD alone) opens only the domain's YARD_PATHS and is sent to the Loaders from
   * every other page.
   */
  area: 'public' | 'signed-in' | 'admin';
  page: () => ReactNode;
  /** Loads the code of the page's first screen (its chunk; for Sales, the open tab's too). */
  preload?: (search: string) => Promise<unknown>;
}

/** A page of the signed-in frame, its code loaded by its own chunk. */
function signedInPage(title: string, Page: LazyComponent<object>): AppRoute {
  return { title, area: 'signed-in', page: () => <Page />, preload: Page.preload };
}

/** The app's pages by path, one for each of the domain's APP_PATHS (paths compare without case and trailing slash). */
export const routes: Record<AppPath, AppRoute> = {
  [APP_PATHS.home]: { title: 'Welcome', area: 'public', page: () => <LandingPage /> },
  [APP_PATHS.login]: { title: 'Login', area: 'public', page: () => <LoginPage /> },
  [APP_PATHS.sales]: {
    title: 'Sales',
    area: 'signed-in',
    page: () => <SalesPage />,
    preload: (search) =>
      Promise.all([
        SalesPage.preload(),
        loadSalesPage().then((m) => m.preloadTab(new URLSearchParams(search).get('tab'))),
      ]),
  },
  [APP_PATHS.loaders]: signedInPage('Loaders', LoadersPage),
  [APP_PATHS.dashboard]: signedInPage('Dashboard', DashboardPage),
  [APP_PATHS.stock]: signedInPage('Stock', StockPage),
  [APP_PATHS.account]: signedInPage('Account', AccountPage),
  [APP_PATHS.admin]: { title: 'Admin', area: 'admin', page: () => <AdminPage />, preload: AdminPage.preload },
};

const notFound: AppRoute = { title: 'Page not found', area: 'public', page: () => <NotFoundPage /> };

const routeByPath: ReadonlyMap<string, AppRoute> = new Map(Object.entries(routes));

export const routeOf = (pathname: string): AppRoute => routeByPath.get(normalPath(pathname)) ?? notFound;

/**
 * The code the first screen at `location` needs: the signed-in frame and the page's chunks.
 * main.tsx renders once they are there (they were asked for with the entry), so the first screen
 * draws whole instead of a spinner per chunk: React 19 holds back the content that replaces a
 * shown fallback for up to 300 ms, once per boundary, which cost the Sales page's first rows
 * half a second (issue 19, cold load).
 */
export function preloadPage(location: Pick<Location, 'pathname' | 'search'>): Promise<unknown> {
  const route = routeOf(location.pathname);
  if (route.area === 'public') return Promise.resolve();
  return Promise.all([SignedIn.preload(), route.preload?.(location.search)]);
}

/** The page at the current address, with its title; a page that fails to render shows the error page. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const route = routeOf(pathname);
  const page = normalPath(pathname);
  return (
    <>
      <DocumentTitle page={route.title} />
      <RouteErrorBoundary page={page}>
        {route.area === 'public' ? (
          route.page()
        ) : (
          // The same element for every signed-in page, so the frame stays as the page changes.
          <SignedIn admin={route.area === 'admin'} yard={isYardPath(page)}>
            {route.page()}
          </SignedIn>
        )}
      </RouteErrorBoundary>
    </>
  );
}

interface BoundaryProps {
  /** The page shown: an error belongs to its page, and going to another page clears it. */
  page: string;
  children: ReactNode;
}

class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; page: string }> {
  override state: { error: unknown; page: string } = { error: null, page: this.props.page };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; page: string }) {
    return props.page === state.page ? null : { error: null, page: props.page };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteErrorPage /> : this.props.children;
  }
}
