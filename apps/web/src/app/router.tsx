import { lazy } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { RequireAdmin } from '../features/auth/require-admin';
import { RequireSession } from '../features/auth/require-session';
import { DocumentTitle, type RouteHandle } from './document-title';
import { AppLayout } from './layout/app-layout';
import { LandingPage } from './routes/landing-page';
import { LoginPage } from './routes/login-page';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorPage } from './routes/route-error-page';
import { loadLoadersPage, loadSalesPage } from './route-preload';

// Each area is its own chunk, so / and /login download only what they show.
// main.tsx starts the chunk of the page being opened before the session answers (route-preload.ts).
const SalesPage = lazy(() => loadSalesPage().then((m) => ({ default: m.SalesPage })));
const LoadersPage = lazy(() => loadLoadersPage().then((m) => ({ default: m.LoadersPage })));
const AdminPage = lazy(() => import('../features/admin/admin-page').then((m) => ({ default: m.AdminPage })));
const DashboardPage = lazy(() =>
  import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const AccountPage = lazy(() => import('../features/account/account-page').then((m) => ({ default: m.AccountPage })));

function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <Outlet />
    </>
  );
}

const handle = (title: string): RouteHandle => ({ title });

/** The route table, shared by the browser router (main.tsx) and the memory routers of tests. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <LandingPage />, handle: handle('Welcome') },
      { path: '/login', element: <LoginPage />, handle: handle('Login') },
      {
        element: (
          <RequireSession>
            <AppLayout />
          </RequireSession>
        ),
        children: [
          { path: '/sales', element: <SalesPage />, handle: handle('Sales') },
          { path: '/loaders', element: <LoadersPage />, handle: handle('Loaders') },
          { path: '/dashboard', element: <DashboardPage />, handle: handle('Dashboard') },
          { path: '/account', element: <AccountPage />, handle: handle('Account') },
          {
            path: '/admin',
            element: (
              <RequireAdmin>
                <AdminPage />
              </RequireAdmin>
            ),
            handle: handle('Admin'),
          },
        ],
      },
      { path: '*', element: <NotFoundPage />, handle: handle('Page not found') },
    ],
  },
];
