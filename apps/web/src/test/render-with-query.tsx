import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppProviders, createQueryClient } from '../app/providers';

/** Renders one component with the app's providers and a fresh query cache (no retries). */
export function renderWithQuery(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  const queryClient = createQueryClient({ retry: false });
  const view = render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>, options);
  return {
    ...view,
    queryClient,
    rerender: (next: ReactElement) => view.rerender(<AppProviders queryClient={queryClient}>{next}</AppProviders>),
  };
}
