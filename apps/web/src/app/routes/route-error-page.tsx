import { Button, Card } from 'react-bootstrap';
import { useRouteError } from 'react-router';

/**
 * Shown when rendering a route throws, e.g. a page's code could not be downloaded because a
 * newer version was deployed meanwhile. Reloading fixes that case.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="public-page">
      <Card className="page-card welcome-card text-center" role="alert">
        <Card.Body className="p-4 p-md-5">
          <h1 className="h4 mb-3">Something went wrong</h1>
          <p className="text-secondary mb-4">This page could not be shown. Reloading usually helps.</p>
          <Button variant="primary" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        </Card.Body>
      </Card>
    </main>
  );
}
