import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Loading } from '../components/ui/loading';
import { normalPath, useLocation } from '../lib/navigation';
import { DocumentTitle } from './document-title';
import { LandingPage } from './routes/landing-page';
import { LoginPage } from './routes/login-page';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorPage } from './routes/route-error-page';
import { loadLoadersPage, loadSalesPage, loadSignedInShell } from './route-preload';

// Each area is its own chunk, so / and /login download only what they show; the signed-in frame
// (top bar, session check) is one too. main.tsx starts the chunk of the page being opened before
// the session answers (route-preload.ts).
const SignedIn = lazy(() => loadSignedInShell().then((m) => ({ default: m.SignedInShell })));
const SalesPage = lazy(() => loadSalesPage().then((m) => ({ default: m.SalesPage })));
const LoadersPage = lazy(() => loadLoadersPage().then((m) => ({ default: m.LoadersPage })));
const AdminPage = lazy(() => import('../features/admin/admin-page').then((m) => ({ default: m.AdminPage })));
const DashboardPage = lazy(() =>
  import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const AccountPage = lazy(() => import('../features/account/account-page').then((m) => ({ default: m.AccountPage })));

interface AppRoute {
  title: string;
  /** Signed-in pages sit in the signed-in frame; `admin` ones are for administrators only. */
  area: 'public' | 'signed-in' | 'admin';
  page: () => ReactNode;
}

/** The app's pages by path (paths compare without case and trailing slash). */
export const routes: Record<string, AppRoute> = {
  '/': { title: 'Welcome', area: 'public', page: () => <LandingPage /> },
  '/login': { title: 'Login', area: 'public', page: () => <LoginPage /> },
  '/sales': { title: 'Sales', area: 'signed-in', page: () => <SalesPage /> },
  '/loaders': { title: 'Loaders', area: 'signed-in', page: () => <LoadersPage /> },
  '/dashboard': { title: 'Dashboard', area: 'signed-in', page: () => <DashboardPage /> },
  '/account': { title: 'Account', area: 'signed-in', page: () => <AccountPage /> },
  '/admin': { title: 'Admin', area: 'admin', page: () => <AdminPage /> },
};

const notFound: AppRoute = { title: 'Page not found', area: 'public', page: () => <NotFoundPage /> };

export const routeOf = (pathname: string): AppRoute => routes[normalPath(pathname)] ?? notFound;

/** The page at the current address, with its title; a page that fails to render shows the error page. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const route = routeOf(pathname);
  return (
    <>
      <DocumentTitle page={route.title} />
      <RouteErrorBoundary page={normalPath(pathname)}>
        {route.area === 'public' ? (
          route.page()
        ) : (
          // The same element for every signed-in page, so the frame stays as the page changes.
          <Suspense fallback={<Loading fullPage />}>
            <SignedIn admin={route.area === 'admin'}>{route.page()}</SignedIn>
          </Suspense>
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
