import { APP_PATHS } from '@desk/domain';
import { useNavigate } from '../../lib/navigation';
import { useCompanyName } from '../../features/config/api/get-public-config';
import { PublicTopBar } from '../layout/public-top-bar';

export const TAGLINE = 'Your one stop shop for garage doors';

export function LandingPage() {
  const companyName = useCompanyName();
  const navigate = useNavigate();

  return (
    <>
      <PublicTopBar />
      <main className="public-page">
        <div className="card page-card welcome-card text-center">
          <div className="card-body p-4 p-md-5">
            <h1 className="h3 mb-3">{companyName ? `Welcome to ${companyName}` : 'Welcome'}</h1>
            <p className="lead text-secondary mb-4">{TAGLINE}</p>
            <button
              type="button"
              className="btn btn-primary btn-lg px-5"
              onClick={() => void navigate(APP_PATHS.login)}
            >
              Login
            </button>
          </div>
        </div>
      </main>
    </>
  );
}
