import { YARD_HOME } from '@desk/domain';
import type { ReactNode } from 'react';
import { useDialogKeyboard } from '../../components/ui/dialog-keyboard';
import { preloadToastStack } from '../../components/ui/toaster';
import { usePreloadOnceIdle } from '../../lib/lazy-component';
import { RequireAdmin } from '../../features/auth/require-admin';
import { RequireSession } from '../../features/auth/require-session';
import { isYardOnly, useUserRoles } from '../../features/auth/api/get-user-roles';
import { Navigate } from '../../lib/navigation';
import { AppLayout } from './app-layout';

const SHELL_PRELOADS = [preloadToastStack];

/**
 * The frame of every signed-in page (the session check, the top bar), its own chunk: / and /login
 * never download it (router.tsx). `admin` pages are for administrators only; a yard sign-in opens
 * only the `yard` pages (the Loaders, its account) and is sent to /loaders from the others.
 */
export function SignedInShell({ admin, yard, children }: { admin: boolean; yard: boolean; children: ReactNode }) {
  // Tab wraps inside dialogs, and focus lost in one goes back (every dialog of the app; the
  // signed-out pages have none).
  useDialogKeyboard();
  // The toasts' code, so the first save's result shows at once.
  usePreloadOnceIdle(true, SHELL_PRELOADS);
  return (
    <RequireSession>
      <AppLayout>
        <YardGuard yard={yard}>{admin ? <RequireAdmin>{children}</RequireAdmin> : children}</YardGuard>
      </AppLayout>
    </RequireSession>
  );
}

/** A yard sign-in on a page that is not for the yard goes to the Loaders. */
function YardGuard({ yard, children }: { yard: boolean; children: ReactNode }) {
  const roles = useUserRoles();
  if (!yard && isYardOnly(roles.data)) return <Navigate to={YARD_HOME} replace />;
  return children;
}
