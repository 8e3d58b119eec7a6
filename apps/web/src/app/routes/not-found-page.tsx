import { Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { PublicTopBar } from '../layout/public-top-bar';

export function NotFoundPage() {
  return (
    <>
      <PublicTopBar />
      <main className="public-page">
        <Card className="page-card welcome-card text-center">
          <Card.Body className="p-4 p-md-5">
            <h1 className="h4 mb-3">Page not found</h1>
            <p className="text-secondary mb-4">The address you followed does not match any page.</p>
            <Link to="/" className="btn btn-primary">
              Go to the home page
            </Link>
          </Card.Body>
        </Card>
      </main>
    </>
  );
}
