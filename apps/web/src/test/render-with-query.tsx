import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { AppProviders, createQueryClient } from '../app/providers';
import { useDialogKeyboard } from '../components/ui/dialog-keyboard';

/** The dialog keyboard, as the signed-in frame (signed-in-shell.tsx) has it around every screen. */
function SignedInKeyboard({ children }: { children: ReactNode }) {
  useDialogKeyboard();
  return children;
}

/** Renders one component with the app's providers and a fresh query cache (no retries). */
export function renderWithQuery(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  const queryClient = createQueryClient({ retry: false });
  const wrap = (node: ReactElement) => (
    <AppProviders queryClient={queryClient}>
      <SignedInKeyboard>{node}</SignedInKeyboard>
    </AppProviders>
  );
  const view = render(wrap(ui), options);
  return { ...view, queryClient, rerender: (next: ReactElement) => view.rerender(wrap(next)) };
}
