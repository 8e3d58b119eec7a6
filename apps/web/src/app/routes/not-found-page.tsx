import { Link } from '../../lib/navigation';
import { PublicTopBar } from '../layout/public-top-bar';

export function NotFoundPage() {
  return (
    <>
      <PublicTopBar />
      <main className="public-page">
        <div className="card page-card welcome-card text-center">
          <div className="card-body p-4 p-md-5">
            <h1 className="h4 mb-3">Page not found</h1>
            <p className="text-secondary mb-4">The address you followed does not match any page.</p>
            <Link to="/" className="btn btn-primary">
              Go to the home page
            </Link>
          </div>
        </div>
      </main>
    </>
  );
}
