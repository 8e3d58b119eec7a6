/**
 * Shown when rendering a route throws, e.g. a page's code could not be downloaded because a
 * newer version was deployed meanwhile. Reloading fixes that case.
 */
export function RouteErrorPage() {
  return (
    <main className="public-page">
      <div className="card page-card welcome-card text-center" role="alert">
        <div className="card-body p-4 p-md-5">
          <h1 className="h4 mb-3">Something went wrong</h1>
          <p className="text-secondary mb-4">This page could not be shown. Reloading usually helps.</p>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload the page
          </button>
        </div>
      </div>
    </main>
  );
}
