import { Suspense, type ReactNode } from 'react';
import { Loading } from '../../components/ui/loading';
import { AppNavbar } from './app-navbar';

/** The frame of every signed-in page: skip link, navigation bar and the page itself. */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a href="#main-content" className="visually-hidden-focusable skip-link">
        Skip to main content
      </a>
      <AppNavbar />
      <main id="main-content" tabIndex={-1} className="app-container container-fluid py-4">
        <Suspense fallback={<Loading />}>{children}</Suspense>
      </main>
    </>
  );
}
