import type { ReactNode } from 'react';
import { useDialogKeyboard } from '../../components/ui/dialog-keyboard';
import { preloadToastStack } from '../../components/ui/toaster';
import { usePreloadOnceIdle } from '../../lib/lazy-component';
import { RequireAdmin } from '../../features/auth/require-admin';
import { RequireSession } from '../../features/auth/require-session';
import { AppLayout } from './app-layout';

const SHELL_PRELOADS = [preloadToastStack];

/**
 * The frame of every signed-in page (the session check, the top bar), its own chunk: / and /login
 * never download it (router.tsx). `admin` pages are for administrators only.
 */
export function SignedInShell({ admin, children }: { admin: boolean; children: ReactNode }) {
  // Tab wraps inside dialogs, and focus lost in one goes back (every dialog of the app; the
  // signed-out pages have none).
  useDialogKeyboard();
  // The toasts' code, so the first save's result shows at once.
  usePreloadOnceIdle(true, SHELL_PRELOADS);
  return (
    <RequireSession>
      <AppLayout>{admin ? <RequireAdmin>{children}</RequireAdmin> : children}</AppLayout>
    </RequireSession>
  );
}
