import { ROLE_ADMIN, ROLE_USER, ROLE_YARD, USER_ROLES_STORAGE_KEY } from '@desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

function signedInAs(roles: string[]) {
  return stubApi({
    'GET /api/config': ok({ companyName: 'Acme Doors', taxRate: 0.0975 }),
    'GET /api/session': ok({ username: 'ann', roles }),
    'GET /api/users/roles': ok(roles),
    'POST /api/logout': ok(null),
  });
}

async function findNavigation() {
  return within(await screen.findByRole('navigation', { name: 'Main' }));
}

describe('navigation bar', () => {
  it('hides Admin from users without ROLE_ADMIN', async () => {
    signedInAs([ROLE_USER]);
    renderApp('/sales');
    const nav = await findNavigation();

    expect(nav.getByRole('link', { name: 'Sales' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Loaders' })).toBeInTheDocument();
    await screen.findByText('ann');
    expect(nav.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('shows a yard sign-in only Loaders and Account, and sends it from Sales to the Loaders', async () => {
    signedInAs([ROLE_YARD]);
    const { router } = renderApp('/sales');
    const nav = await findNavigation();

    await waitFor(() => expect(router.location.pathname).toBe('/loaders'));
    expect(nav.getByRole('link', { name: 'Loaders' })).toBeInTheDocument();
    expect(await nav.findByRole('link', { name: /^Account/ })).toBeInTheDocument();
    for (const hidden of ['Sales', 'Stock', 'Dashboard', 'Admin'])
      expect(nav.queryByRole('link', { name: hidden })).toBeNull();
    expect(nav.queryByRole('button', { name: /Search/ })).toBeNull();
  });

  it('shows Admin to users with ROLE_ADMIN', async () => {
    signedInAs([ROLE_USER, ROLE_ADMIN]);
    renderApp('/sales');
    const nav = await findNavigation();

    expect(await nav.findByRole('link', { name: 'Admin' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
    expect(JSON.parse(window.sessionStorage.getItem(USER_ROLES_STORAGE_KEY) ?? 'null')).toEqual([
      ROLE_USER,
      ROLE_ADMIN,
    ]);
  });

  it('links the company name home and marks the current page', async () => {
    signedInAs([ROLE_USER]);
    renderApp('/loaders');
    const nav = await findNavigation();

    const brand = await nav.findByRole('link', { name: 'Acme Doors' });
    expect(brand.getAttribute('href')).toBe('/');
    expect(nav.getByRole('link', { name: 'Loaders' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Sales' }).getAttribute('aria-current')).toBeNull();
  });

  it('signs out: calls the server, forgets the roles and goes to /login', async () => {
    const fetchMock = signedInAs([ROLE_ADMIN]);
    const { router } = renderApp('/sales');
    const nav = await findNavigation();
    await nav.findByRole('link', { name: 'Admin' });

    await userEvent.click(nav.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/logout' && init?.method === 'POST')).toBe(true);
    expect(window.sessionStorage.getItem(USER_ROLES_STORAGE_KEY)).toBeNull();
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
  });

  it('is not shown on the landing page', async () => {
    signedInAs([ROLE_ADMIN]);
    renderApp('/');
    expect(await screen.findByText('Your one stop shop for garage doors')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
