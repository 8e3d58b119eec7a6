import { render } from '@testing-library/react';
import { createMemoryNavigator, NavigationProvider } from '../lib/navigation';
import { AppProviders, createQueryClient } from '../app/providers';
import { AppRoutes } from '../app/router';

/** Renders the whole app at `path`, as the browser would, with a fresh cache. */
export function renderApp(path: string) {
  const router = createMemoryNavigator([path]);
  const queryClient = createQueryClient({ retry: false });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <NavigationProvider navigator={router}>
        <AppRoutes />
      </NavigationProvider>
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
