import { Navigate, useLocation, useNavigate } from '../../lib/navigation';
import { Loading } from '../../components/ui/loading';
import { useSession } from '../../features/auth/api/get-session';
import { LoginForm } from '../../features/auth/components/login-form';
import { redirectTargetFrom } from '../../features/auth/redirect-target';
import { PublicTopBar } from '../layout/public-top-bar';

export function LoginPage() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  // Someone already signed in has nothing to do here.
  if (session.data) return <Navigate to={redirectTargetFrom(location.state, session.data.username)} replace />;

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
                  void navigate(redirectTargetFrom(location.state, username), {
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
