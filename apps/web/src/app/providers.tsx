import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { resetUserState } from '../features/auth/reset-user-state';
import { ToastProvider } from '../components/ui/toaster';
import { isApiError, onUnauthorized } from '../lib/api-client';

export interface QueryClientOptions {
  /** Retry failed queries (network errors and 5xx, twice). Tests turn this off. */
  retry?: boolean;
}

export function createQueryClient({ retry = true }: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Requests go out even when the browser thinks it is offline: they fail at once with the
      // error message instead of pausing, and a paused save is never replayed behind the
      // user's back when the connection returns (the user decides whether to save again).
      queries: {
        networkMode: 'always',
        // A 4xx answer will not change by asking again; a dropped connection might.
        retry: retry
          ? (failureCount, error) =>
              failureCount < 2 && !(isApiError(error) && error.httpStatus >= 400 && error.httpStatus < 500)
          : false,
      },
      // A write runs when asked, or fails then: never paused offline and replayed later, when
      // the clerk has moved on (the default 'online' mode would send it when the network returns).
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // A 401 on an ordinary call means the session ended: forget the user, and the route guard
  // then sends them to /login (remembering where they were).
  useEffect(() => onUnauthorized(() => resetUserState(queryClient)), [queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
