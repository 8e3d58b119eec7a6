import { APP_PATHS, isYardPath, type AppPath } from '@desk/domain';
import { useState } from 'react';
import { Link, NavLink } from '../../lib/navigation';
import { useSession } from '../../features/auth/api/get-session';
import { hasAdminRole, isYardOnly, useUserRoles } from '../../features/auth/api/get-user-roles';
import { useLogout } from '../../features/auth/api/logout';
import { useCompanyName } from '../../features/config/api/get-public-config';
import { FindLauncher } from '../../features/find/find-launcher';
import { useDashboardAccess } from '../../features/dashboard/api/access';

/** The top navigation of the signed-in area (docs/product.md section 2, "Routes"). */
export function AppNavbar() {
  const companyName = useCompanyName();
  const session = useSession();
  const roles = useUserRoles();
  const signOut = useLogout();
  const isAdmin = hasAdminRole(roles.data);
  // A yard sign-in sees only what it may open: the domain's YARD_PATHS (the Loaders, its own account).
  const yard = isYardOnly(roles.data);
  const opens = (path: AppPath) => !yard || isYardPath(path);
  // Staff see the Dashboard link when an administrator has opened it to them (asked once in a while).
  const dashboard = useDashboardAccess(!isAdmin && !yard && roles.isSuccess);
  const showDashboard = opens(APP_PATHS.dashboard) && (isAdmin || dashboard.data?.allowed === true);

  // Below md the links fold under a menu button (Bootstrap's navbar classes; no animation).
  const [open, setOpen] = useState(false);

  return (
    <nav className="app-navbar navbar navbar-expand-md navbar-dark bg-dark" data-bs-theme="dark" aria-label="Main">
      <div className="app-container container-fluid">
        <Link to={APP_PATHS.home} className="navbar-brand" title={companyName || undefined}>
          {companyName || 'Home'}
        </Link>
        <button
          type="button"
          className={`navbar-toggler${open ? '' : ' collapsed'}`}
          aria-controls="app-navbar-links"
          aria-expanded={open}
          aria-label="Toggle navigation"
          onClick={() => setOpen((o) => !o)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id="app-navbar-links" className={`flex-wrap navbar-collapse collapse${open ? ' show' : ''}`}>
          <div className="me-auto navbar-nav">
            {opens(APP_PATHS.sales) && (
              <NavLink to={APP_PATHS.sales} className="nav-link">
                Sales
              </NavLink>
            )}
            {opens(APP_PATHS.loaders) && (
              <NavLink to={APP_PATHS.loaders} className="nav-link">
                Loaders
              </NavLink>
            )}
            {opens(APP_PATHS.stock) && (
              <NavLink to={APP_PATHS.stock} className="nav-link">
                Stock
              </NavLink>
            )}
            {showDashboard && (
              <NavLink to={APP_PATHS.dashboard} className="nav-link">
                Dashboard
              </NavLink>
            )}
            {isAdmin && (
              <NavLink to={APP_PATHS.admin} className="nav-link">
                Admin
              </NavLink>
            )}
          </div>
          <div className="d-flex align-items-center gap-3 py-2 py-md-0">
            {session.data && !yard && <FindLauncher />}
            {session.data && opens(APP_PATHS.account) && (
              // The signed-in user's own settings (two-factor sign-in, sessions), named by who it is.
              <div className="navbar-nav">
                <NavLink to={APP_PATHS.account} className="nav-link app-navbar-user">
                  Account (<span className="fw-semibold">{session.data.username}</span>)
                </NavLink>
              </div>
            )}
            <button
              type="button"
              className="btn btn-outline-light btn-sm"
              onClick={() => signOut.mutate()}
              disabled={signOut.isPending}
            >
              {signOut.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
              Sign out
            </button>
          </div>
        </div>
      </div>
    </nav>
  );
}
