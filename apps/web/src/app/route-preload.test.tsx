import type { DocumentListItem, Page } from '@desk/domain';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from '../lib/navigation';
import { afterEach, describe, expect, it } from 'vitest';
import { OrdersTab } from '../features/orders/orders-tab';
import { failed, ok, stubApi, type FakeAnswer } from '../test/fake-api';
import { AppProviders, createQueryClient } from './providers';
import { preloadRoute } from './route-preload';

const page = (jobName: string): FakeAnswer =>
  ok({
    items: [
      {
        id: 25,
        jobName,
        poNumber: null,
        customerId: 1,
        customerNo: 'C-1001',
        customerName: 'Hendricks Overhead Door',
        contactName: null,
        orderStatus: 'Open',
      },
    ],
    filtered: 1,
    total: 1,
    page: 1,
    size: 10,
  } satisfies Page<DocumentListItem>);

const urls = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls.map(([url]) => String(url));

afterEach(() => {
  window.sessionStorage.clear();
  document.cookie = 'desk_signed_in=; Max-Age=0; Path=/';
});

describe('preloadRoute (no request waterfall on a cold load)', () => {
  it('asks for the session and the first page of open orders before any page renders', async () => {
    let listCalls = 0;
    const fetchMock = stubApi({
      'GET /api/session': ok({ username: 'ann', roles: ['ROLE_USER'] }),
      // The first answer is the preloaded one; a later one would be the table asking again.
      'GET /api/orders/list/0': () => (++listCalls === 1 ? page('Preloaded job') : page('Asked again')),
    });
    const queryClient = createQueryClient({ retry: false });
    preloadRoute(queryClient, { pathname: '/sales', search: '' }, true);

    await waitFor(() => expect(urls(fetchMock)).toContain('/api/orders/list/0?page=1&size=10&sort=-id'));
    expect(urls(fetchMock)[0]).toBe('/api/session/status');
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    // The Orders tab finds that page under its own key: its first render shows the rows.
    render(
      <AppProviders queryClient={queryClient}>
        <MemoryRouter>
          <OrdersTab />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(screen.getByText('Preloaded job')).toBeInTheDocument();
    // ...and does not ask for the same page again on mount (it was fetched a moment ago).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listCalls).toBe(1);
    expect(screen.queryByText('Asked again')).toBeNull();
  });

  it("takes an unknown or inherited ?tab= name for the Orders tab instead of throwing ('constructor', '__proto__')", async () => {
    for (const tab of ['constructor', '__proto__', 'toString', 'nothing']) {
      const fetchMock = stubApi({
        'GET /api/session': ok({ username: 'ann', roles: ['ROLE_USER'] }),
        'GET /api/orders/list/0': page('Job'),
      });
      expect(() =>
        preloadRoute(createQueryClient({ retry: false }), { pathname: '/sales', search: `?tab=${tab}` }, true),
      ).not.toThrow();
      await waitFor(() => expect(urls(fetchMock)).toContain('/api/session/status'));
    }
    const { preloadTab } = await import('./routes/sales-page');
    for (const tab of ['constructor', '__proto__', 'valueOf']) await expect(preloadTab(tab)).resolves.toBeDefined();
  });

  it('asks for the first page at once when this tab had a signed-in user', () => {
    window.sessionStorage.setItem('lastSignedInUser', 'ann');
    const fetchMock = stubApi({
      'GET /api/session': ok({ username: 'ann', roles: ['ROLE_USER'] }),
      'GET /api/orders/list/0': page('Job'),
    });
    preloadRoute(createQueryClient({ retry: false }), { pathname: '/sales', search: '' }, true);

    // Both went out together, before the session answered.
    expect(urls(fetchMock)).toEqual(['/api/session/status', '/api/orders/list/0?page=1&size=10&sort=-id']);
  });

  it('asks for the first page before the route chunk when the browser has the signed-in hint (a new tab)', () => {
    document.cookie = 'desk_signed_in=1; Path=/';
    const fetchMock = stubApi({
      'GET /api/session': ok({ username: 'ann', roles: ['ROLE_USER'] }),
      'GET /api/orders/list/0': page('Job'),
    });
    preloadRoute(createQueryClient({ retry: false }), { pathname: '/sales', search: '' }, true);

    expect(urls(fetchMock)).toEqual(['/api/session/status', '/api/orders/list/0?page=1&size=10&sort=-id']);
  });

  it('forgets a stale signed-in hint when the session probe says signed out', async () => {
    document.cookie = 'desk_signed_in=1; Path=/';
    stubApi({
      'GET /api/session': failed(401, 'Not signed in.'),
      'GET /api/orders/list/0': failed(401, 'Not signed in.'),
    });
    const queryClient = createQueryClient({ retry: false });
    preloadRoute(queryClient, { pathname: '/sales', search: '' }, true);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(document.cookie).not.toContain('desk_signed_in=1');
  });

  it('never asks for the list for a signed-out visitor (no 401), nor for another tab', async () => {
    const signedOut = stubApi({ 'GET /api/session': failed(401, 'Not signed in.') });
    const queryClient = createQueryClient({ retry: false });
    preloadRoute(queryClient, { pathname: '/sales', search: '' }, true);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(urls(signedOut)).toEqual(['/api/session/status']);

    const quotes = stubApi({ 'GET /api/session': ok({ username: 'ann', roles: ['ROLE_USER'] }) });
    const other = createQueryClient({ retry: false });
    preloadRoute(other, { pathname: '/sales', search: '?tab=quotes' }, true);
    await waitFor(() => expect(other.isFetching()).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(urls(quotes)).toEqual(['/api/session/status']);
  });
});
