import { Suspense, type ReactNode } from 'react';
import { Loading } from '../../components/ui/loading';
import { FindHost } from '../../features/find/find-host';
import { normalPath, useLocation } from '../../lib/navigation';
import { AppNavbar } from './app-navbar';

/**
 * The frame of every signed-in page: skip link, navigation bar, the page itself and the host of
 * the Find dialog (one for each page: it starts closed on every page the clerk moves to).
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <>
      <a href="#main-content" className="visually-hidden-focusable skip-link">
        Skip to main content
      </a>
      <AppNavbar />
      <main id="main-content" tabIndex={-1} className="app-container container-fluid py-4">
        <Suspense fallback={<Loading />}>{children}</Suspense>
      </main>
      <FindHost key={normalPath(pathname)} />
    </>
  );
}
