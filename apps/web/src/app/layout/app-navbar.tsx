import { Button, Container, Nav, Navbar, Spinner } from 'react-bootstrap';
import { Link, NavLink } from 'react-router';
import { useSession } from '../../features/auth/api/get-session';
import { hasAdminRole, useUserRoles } from '../../features/auth/api/get-user-roles';
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
  // Staff see the Dashboard link when an administrator has opened it to them (asked once in a while).
  const dashboard = useDashboardAccess(!isAdmin && roles.isSuccess);
  const showDashboard = isAdmin || dashboard.data?.allowed === true;

  return (
    <Navbar bg="dark" data-bs-theme="dark" expand="md" className="app-navbar" aria-label="Main">
      <Container fluid className="app-container">
        <Navbar.Brand as={Link} to="/">
          {companyName || 'Home'}
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="app-navbar-links" />
        <Navbar.Collapse id="app-navbar-links" className="flex-wrap">
          <Nav className="me-auto">
            <Nav.Link as={NavLink} to="/sales">
              Sales
            </Nav.Link>
            <Nav.Link as={NavLink} to="/loaders">
              Loaders
            </Nav.Link>
            {showDashboard && (
              <Nav.Link as={NavLink} to="/dashboard">
                Dashboard
              </Nav.Link>
            )}
            {isAdmin && (
              <Nav.Link as={NavLink} to="/admin">
                Admin
              </Nav.Link>
            )}
          </Nav>
          <div className="d-flex align-items-center gap-3 py-2 py-md-0">
            {session.data && <FindLauncher />}
            {session.data && (
              // The signed-in user's own settings (two-factor sign-in, sessions), named by who it is.
              <Nav>
                <Nav.Link as={NavLink} to="/account" className="app-navbar-user">
                  Account (<span className="fw-semibold">{session.data.username}</span>)
                </Nav.Link>
              </Nav>
            )}
            <Button variant="outline-light" size="sm" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
              {signOut.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              Sign out
            </Button>
          </div>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
