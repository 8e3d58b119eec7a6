import { ROLE_ADMIN, ROLE_USER, USER_ROLES_STORAGE_KEY } from '@desk/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failed, ok, stubApi } from '../test/fake-api';
import { renderApp } from '../test/render-app';

const config = ok({ companyName: 'Acme Doors', taxRate: 0.0975 });

describe('routes', () => {
  it('shows the welcome card on / and its Login button opens /login', async () => {
    stubApi({ 'GET /api/config': config, 'GET /api/session': failed(401, 'Not signed in.') });
    const { router } = renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Welcome to Acme Doors' })).toBeTruthy();
    expect(screen.getByText('Your one stop shop for garage doors')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByLabelText('Username')).toBeTruthy();
  });

  it('redirects a non-admin from /admin to /sales', async () => {
    stubApi({
      'GET /api/config': config,
      'GET /api/session': ok({ username: 'bob', roles: [ROLE_USER] }),
      'GET /api/users/roles': ok([ROLE_USER]),
    });
    const { router } = renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Sales' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sales');
    expect(screen.queryByRole('heading', { name: 'Admin' })).toBeNull();
  });

  it('shows /admin with its seven tabs to an admin', async () => {
    stubApi({
      'GET /api/config': config,
      'GET /api/session': ok({ username: 'admin', roles: [ROLE_ADMIN] }),
      'GET /api/users/roles': ok([ROLE_USER, ROLE_ADMIN]),
    });
    renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'Product Catalog',
      'Email Management',
      'Company',
      'Modify Password',
      'Add Users',
      'Users List / Remove',
      'Security',
    ]);
  });

  it('sends a visitor without a session to /login, then back where they were going', async () => {
    let signedIn = false;
    stubApi({
      'GET /api/config': config,
      'GET /api/session': () =>
        signedIn ? ok({ username: 'ann', roles: [ROLE_USER] }) : failed(401, 'Not signed in.'),
      'POST /api/login': ({ body }) => {
        signedIn = body === 'username=ann&password=secret-pass';
        return signedIn ? ok({ username: 'ann', roles: [ROLE_USER] }) : failed(401, 'Invalid username or password.');
      },
      'GET /api/users/roles': ok([ROLE_USER]),
    });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderApp('/loaders?tab=grid-manager');

    const username = await screen.findByLabelText('Username');
    expect(router.state.location.pathname).toBe('/login');
    expect(document.activeElement).toBe(username);

    await userEvent.type(username, 'ann');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password.');
    expect(consoleError).toHaveBeenCalledWith('Login failed', expect.any(Error));

    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Loaders' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/loaders?tab=grid-manager');
    expect(screen.getByRole('tab', { name: 'Grid Manager' }).getAttribute('aria-selected')).toBe('true');
    expect(window.sessionStorage.getItem(USER_ROLES_STORAGE_KEY)).toBe(JSON.stringify([ROLE_USER]));
  });

  it('sends a signed-in user from /login to /sales', async () => {
    stubApi({
      'GET /api/config': config,
      'GET /api/session': ok({ username: 'ann', roles: [ROLE_USER] }),
      'GET /api/users/roles': ok([ROLE_USER]),
    });
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sales' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sales');
  });

  it('returns to /login when the session ends during use', async () => {
    let sessionAlive = true;
    stubApi({
      'GET /api/config': config,
      'GET /api/session': () =>
        sessionAlive ? ok({ username: 'ann', roles: [ROLE_USER] }) : failed(401, 'Not signed in.'),
      'GET /api/users/roles': () => (sessionAlive ? ok([ROLE_USER]) : failed(401, 'Not signed in.')),
    });
    const { router, queryClient } = renderApp('/sales');
    await screen.findByRole('heading', { name: 'Sales' });

    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sessionAlive = false;
    window.sessionStorage.removeItem(USER_ROLES_STORAGE_KEY);
    await queryClient.refetchQueries({ queryKey: ['user-roles'] }).catch(() => undefined);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/sales' });
    expect(consoleError).toHaveBeenCalledWith('Failed to fetch user roles', expect.any(Error));
  });

  it('shows only the active Sales tab', async () => {
    stubApi({
      'GET /api/config': config,
      'GET /api/session': ok({ username: 'ann', roles: [ROLE_USER] }),
      'GET /api/users/roles': ok([ROLE_USER]),
    });
    const { router } = renderApp('/sales');
    await screen.findByRole('heading', { name: 'Sales' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Orders',
      'Quotes',
      'Customers',
      'Vendor Orders',
    ]);
    expect(screen.getByRole('columnheader', { name: 'Order Status' })).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'Customers' }));
    expect(await screen.findByRole('columnheader', { name: 'Open Orders' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Order Status' })).toBeNull();
    expect(router.state.location.search).toBe('?tab=customers');
  });

  it("warns 'No orders selected for completion.' when nothing is selected", async () => {
    stubApi({
      'GET /api/config': config,
      'GET /api/session': ok({ username: 'ann', roles: [ROLE_USER] }),
      'GET /api/users/roles': ok([ROLE_USER]),
    });
    renderApp('/loaders');
    await userEvent.click(await screen.findByRole('button', { name: 'Complete Orders' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No orders selected for completion.');
    expect(screen.getAllByText('No data available for this bay')).toHaveLength(8);
  });

  it('answers unknown addresses with Page not found and a link home', async () => {
    stubApi({ 'GET /api/config': config });
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
