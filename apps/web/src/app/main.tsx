// First: configures zod before any schema runs (see zod-config.ts).
import './zod-config';
import 'bootstrap/dist/css/bootstrap.min.css';
import '../styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserNavigator, NavigationProvider } from '../lib/navigation';
import { AppProviders, createQueryClient } from './providers';
import { preloadRoute } from './route-preload';
import { AppRoutes, preloadPage, routeOf } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
// The session, the page's chunk and its first data start now, together, not one after another.
preloadRoute(queryClient, window.location, routeOf(window.location.pathname).area !== 'public');
const appNavigator = createBrowserNavigator();

const root = createRoot(container);
const render = () =>
  // A transition: React renders the first screen in slices of a few milliseconds, yielding to the
  // browser between them, instead of one long task (issue 19, total blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <NavigationProvider navigator={appNavigator}>
            <AppRoutes />
          </NavigationProvider>
        </AppProviders>
      </StrictMode>,
    ),
  );
// The first screen's chunks were asked for with the entry (route-preload.ts, and the page's
// modulepreload links): rendering once they are here draws it whole (router.tsx, preloadPage).
// A chunk that is slow or fails still gets its spinner, or the error page, after a while.
void Promise.race([preloadPage(window.location).catch(() => {}), new Promise((r) => setTimeout(r, 3000))]).then(render);

// The service worker (public/sw.js) keeps the app and the yard's last reads for a brief network
// loss; a production build only (the dev server serves other files under the same names).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without it the app works as before; only the offline copies are missing.
    });
  });
}
