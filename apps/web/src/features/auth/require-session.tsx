import { APP_PATHS } from '@desk/domain';
import { useEffect, type ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { Navigate, useLocation } from '../../lib/navigation';
import { Banner } from '../../components/ui/banner';
import { Loading } from '../../components/ui/loading';
import { useSession } from './api/get-session';
import { lastSignedInUser, rememberSignedInUser, type LoginRedirectState } from './redirect-target';

/** Renders its children only for a signed-in user; others go to /login and come back after. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const username = session.data?.username;
  useEffect(() => {
    if (username) rememberSignedInUser(username);
  }, [username]);

  if (session.isPending) return <Loading fullPage />;

  if (session.isError) {
    return (
      <div className="container py-5" style={{ maxWidth: '36rem' }}>
        <Banner variant="danger" title="Could not check your session">
          <p className="mb-2">{session.error.message}</p>
          <Button variant="outline-danger" size="sm" onClick={() => void session.refetch()}>
            Try again
          </Button>
        </Banner>
      </div>
    );
  }

  if (session.data === null) {
    // The page is offered back only to the user whose session ended here (redirect-target.ts).
    const state: LoginRedirectState = {
      from: `${location.pathname}${location.search}${location.hash}`,
      username: lastSignedInUser(),
    };
    return <Navigate to={APP_PATHS.login} replace state={state} />;
  }

  return children;
}
