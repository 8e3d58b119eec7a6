import { YARD_HOME } from '@desk/domain';
import { Navigate, useLocation, useNavigate } from '../../lib/navigation';
import { Loading } from '../../components/ui/loading';
import { useSession } from '../../features/auth/api/get-session';
import { LoginForm } from '../../features/auth/components/login-form';
import { isYardOnly } from '../../features/auth/api/get-user-roles';
import { redirectTargetFrom } from '../../features/auth/redirect-target';
import { readStoredRoles } from '../../features/auth/roles-storage';
import { PublicTopBar } from '../layout/public-top-bar';

/** Where a signed-in user goes from here: a yard sign-in to the Loaders, the rest as redirect-target.ts says. */
function landing(state: unknown, username: string): string {
  return isYardOnly(readStoredRoles() ?? undefined) ? YARD_HOME : redirectTargetFrom(state, username);
}

export function LoginPage() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  // Someone already signed in has nothing to do here.
  if (session.data) return <Navigate to={landing(location.state, session.data.username)} replace />;

  return (
    <>
      <PublicTopBar />
      <main className="public-page">
        {session.isPending ? (
          <Loading />
        ) : (
          <div className="card page-card login-card">
            <div className="card-body p-4">
              <h1 className="h4 mb-1">Sign in</h1>
              <p className="text-secondary mb-4">Use your staff account.</p>
              <LoginForm
                onSignedIn={(username) =>
                  void navigate(landing(location.state, username), {
                    replace: true,
                  })
                }
              />
            </div>
          </div>
        )}
      </main>
    </>
  );
}
