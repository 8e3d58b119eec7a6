import { ROLE_ADMIN, ROLE_USER, USER_ROLES_STORAGE_KEY } from '@desk/domain';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failed, ok, stubApi } from '../test/fake-api';
import { renderApp } from '../test/render-app';

const config = ok({ companyName: 'Acme Doors', taxRate: 0.0975 });

/** The server of a signed-in clerk: `roles` as the roles list answers them, `sessionRoles` as the session does. */
const signedIn = (username: string, roles: string[], sessionRoles = roles) => ({
  'GET /api/config': config,
  'GET /api/session': ok({ username, roles: sessionRoles }),
  'GET /api/users/roles': ok(roles),
});

describe('routes', () => {
  it('shows the welcome card on / and its Login button opens /login', async () => {
    stubApi({ 'GET /api/config': config, 'GET /api/session': failed(401, 'Not signed in.') });
    const { router } = renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Welcome to Acme Doors' })).toBeInTheDocument();
    expect(screen.getByText('Your one stop shop for garage doors')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
  });

  it('redirects a non-admin from /admin to /sales', async () => {
    stubApi(signedIn('bob', [ROLE_USER]));
    const { router } = renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Sales' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/sales');
    expect(screen.queryByRole('heading', { name: 'Admin' })).toBeNull();
  });

  it('shows /admin with its eight tabs to an admin', async () => {
    stubApi(signedIn('admin', [ROLE_USER, ROLE_ADMIN], [ROLE_ADMIN]));
    renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'Product Catalog',
      'Import',
      'Email Management',
      'Company',
      'Modify Password',
      'Add Users',
      'Users List / Remove',
      'Security',
    ]);
  });

  /** A server with two clerks, ann and bob; `signedIn` is whoever holds the session now. */
  function twoClerks() {
    const server = { signedIn: null as string | null };
    const fetchMock = stubApi({
      'GET /api/config': config,
      'GET /api/session/status': () =>
        ok(server.signedIn ? { signedIn: true, username: server.signedIn, roles: [ROLE_USER] } : { signedIn: false }),
      'POST /api/login': ({ body }) => {
        const fields = new URLSearchParams(body ?? '');
        const username = fields.get('username') ?? '';
        if (fields.get('password') !== `${username}-secret`) return failed(401, 'Invalid username or password.');
        server.signedIn = username;
        return ok({ username, roles: [ROLE_USER] });
      },
      'GET /api/users/roles': () => (server.signedIn ? ok([ROLE_USER]) : failed(401, 'Sign in to continue.')),
      'GET /api/orders/list/0': ok({ items: [], filtered: 0, total: 0, page: 1, size: 10 }),
      'GET /api/orders/list/pickup_ready': ok([]),
    });
    return { server, fetchMock };
  }

  async function signInAs(username: string, password = `${username}-secret`) {
    const field = await screen.findByLabelText('Username');
    await userEvent.clear(field);
    await userEvent.type(field, username);
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), password);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  }

  it('probes the session on /login without a failing request, and lands everyone on /sales', async () => {
    const { fetchMock } = twoClerks();
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { router } = renderApp('/login');

    const username = await screen.findByLabelText('Username');
    expect(document.activeElement).toBe(username);
    await signInAs('ann', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password.');
    // Logged, but not as an error: the form shows the reason.
    expect(consoleWarn).toHaveBeenCalledWith('Login failed', expect.any(Error));

    await signInAs('ann');
    expect(await screen.findByRole('heading', { name: 'Sales' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/sales');
    expect(window.sessionStorage.getItem(USER_ROLES_STORAGE_KEY)).toBe(JSON.stringify([ROLE_USER]));
    const asked = fetchMock.mock.calls.map(([url]) => String(url).split('?')[0]);
    expect(asked).toContain('/api/session/status');
    expect(asked).not.toContain('/api/session');
  });

  it('a deep link opened in a fresh tab leads to /sales after signing in: nobody is owed that page', async () => {
    twoClerks();
    const { router } = renderApp('/loaders?tab=grid-manager');
    await screen.findByLabelText('Username');
    expect(router.location.pathname).toBe('/login');
    await signInAs('bob');
    expect(await screen.findByRole('heading', { name: 'Sales' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/sales');
  });

  it('after a session expiry the same clerk goes back to the page; another clerk lands on /sales', async () => {
    const { server } = twoClerks();
    server.signedIn = 'ann';
    const { router, queryClient } = renderApp('/loaders?tab=grid-manager');
    expect(await screen.findByRole('heading', { name: 'Loaders' })).toBeInTheDocument();

    // Ann's session ends while she is on the Grid Manager (the next call answers 401).
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.signedIn = null;
    window.sessionStorage.removeItem(USER_ROLES_STORAGE_KEY);
    await queryClient.refetchQueries({ queryKey: ['user-roles'] }).catch(() => undefined);
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(router.location.state).toEqual({ from: '/loaders?tab=grid-manager', username: 'ann' });
    expect(consoleWarn).toHaveBeenCalledWith('Failed to fetch user roles', expect.any(Error));

    // Bob takes over the counter: he starts on /sales, not on Ann's screen.
    await signInAs('bob');
    expect(await screen.findByRole('heading', { name: 'Sales' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/sales');

    // Had Ann signed in instead, she would have been taken back to where she was.
    server.signedIn = null;
    act(() => queryClient.setQueryData(['session'], null));
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    await act(() => router.navigate('/login', { state: { from: '/loaders?tab=grid-manager', username: 'ann' } }));
    await signInAs('ann');
    expect(await screen.findByRole('heading', { name: 'Loaders' })).toBeInTheDocument();
    expect(router.location.pathname + router.location.search).toBe('/loaders?tab=grid-manager');
  });

  it('sends a signed-in user from /login to /sales', async () => {
    stubApi(signedIn('ann', [ROLE_USER]));
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sales' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/sales');
  });

  it('shows only the active Sales tab', async () => {
    stubApi(signedIn('ann', [ROLE_USER]));
    const { router } = renderApp('/sales');
    await screen.findByRole('heading', { name: 'Sales' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Orders',
      'Quotes',
      'Customers',
      'Vendor Orders',
    ]);
    expect(screen.getByRole('columnheader', { name: 'Order Status' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Customers' }));
    expect(await screen.findByRole('columnheader', { name: 'Open Orders' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Order Status' })).toBeNull();
    expect(router.location.search).toBe('?tab=customers');
  });

  it("warns 'No orders selected for completion.' when nothing is selected", async () => {
    stubApi(signedIn('ann', [ROLE_USER]));
    renderApp('/loaders');
    await userEvent.click(await screen.findByRole('button', { name: 'Complete Orders' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No orders selected for completion.');
    expect(screen.getAllByText('No data available for this bay')).toHaveLength(8);
  });

  it('answers unknown addresses with Page not found and a link home', async () => {
    stubApi({ 'GET /api/config': config });
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
