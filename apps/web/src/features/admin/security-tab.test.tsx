import type { SecurityEvent, ThrottleEntry } from '@desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { callCount, stubAdmin, openAdminTab } from './admin-test-utils';

const LIST = '/api/admin/throttles';
const EVENTS = '/api/admin/security-events';
const noEvents = ok({ items: [], filtered: 0, total: 0, page: 1, size: 10 });

const entry = (over: Partial<ThrottleEntry>): ThrottleEntry => ({
  key: 'pair:203.0.113.7|admin',
  kind: 'address-username',
  address: '203.0.113.7',
  username: 'admin',
  userId: null,
  attempts: 11,
  failures: 0,
  windowStart: '2026-11-24T10:00:00.000Z',
  lastFailureAt: '2026-11-24T10:00:20.000Z',
  blockedForSeconds: 42,
  ...over,
});

/** The query strings the security log was asked with, oldest first. */
const eventQueries = (fetchMock: ReturnType<typeof stubAdmin>) =>
  fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.startsWith(`${EVENTS}?`))
    .map((url) => Object.fromEntries(new URLSearchParams(url.split('?')[1])));

const event = (over: Partial<SecurityEvent>): SecurityEvent => ({
  id: 1,
  at: '2026-11-24T10:00:00.000Z',
  type: 'sign-in',
  username: 'ann',
  actor: null,
  address: '127.0.0.1',
  detail: null,
  ...over,
});

describe('Admin > Security', () => {
  it('lists the throttles, shows which refuse, and clears one', async () => {
    const blocked = entry({});
    const quiet = entry({
      key: 'addr:198.51.100.4',
      kind: 'address',
      address: '198.51.100.4',
      username: null,
      attempts: 2,
      lastFailureAt: null,
      blockedForSeconds: 0,
    });
    const { fetchMock, user } = openAdminTab('security', {
      [`GET ${LIST}`]: ok([blocked, quiet]),
      [`DELETE ${LIST}/${encodeURIComponent(blocked.key)}`]: ok(null, 'Throttle cleared.'),
      [`GET ${EVENTS}`]: noEvents,
    });

    const table = await screen.findByRole('table', { name: 'Sign-in throttles' });
    await within(table).findByText('203.0.113.7');
    expect(within(table).getByText('for 42 s')).toBeInTheDocument();
    expect(within(table).getByText('Address and username')).toBeInTheDocument();
    expect(within(table).getByText('198.51.100.4')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Clear Address and username 203.0.113.7 admin' }));
    expect(await screen.findByText('Throttle cleared')).toBeInTheDocument();
    await waitFor(() => expect(callCount(fetchMock, 'GET', LIST)).toBe(2));
    // The clearing is itself in the security log, which is asked for again.
    await waitFor(() => expect(eventQueries(fetchMock)).toHaveLength(2));
    expect(callCount(fetchMock, 'DELETE', `${LIST}/${encodeURIComponent(blocked.key)}`)).toBe(1);
  });

  it('says so when nobody failed to sign in', async () => {
    stubAdmin({ [`GET ${LIST}`]: ok([]), [`GET ${EVENTS}`]: noEvents });
    renderApp('/admin?tab=security');
    expect(await screen.findByText('No sign-in failures in the last day')).toBeInTheDocument();
  });

  it('shows the security log under the throttles: paged by the server, newest first, filtered and sorted', async () => {
    const events = [
      event({ id: 42, at: '2026-11-24T10:05:00.000Z', type: 'sign-in-failed', username: 'kim', address: '10.6.0.1' }),
      event({
        id: 41,
        at: '2026-11-24T10:01:00.000Z',
        type: 'sessions-ended-by-admin',
        username: 'bob',
        actor: 'admin',
        detail: '2 sessions',
      }),
    ];
    const { fetchMock, user } = openAdminTab('security', {
      [`GET ${LIST}`]: ok([]),
      [`GET ${EVENTS}`]: ok({ items: events, filtered: 25, total: 60, page: 1, size: 10 }),
    });

    const log = await screen.findByRole('table', { name: 'Security log' });
    // Below the throttles.
    const throttles = screen.getByRole('table', { name: 'Sign-in throttles' });
    expect(throttles.compareDocumentPosition(log) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(
      within(log)
        .getAllByRole('columnheader')
        .slice(0, 6)
        .map((th) => th.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(['When', 'Event', 'Username', 'By', 'Address', 'Detail']);

    const failedRow = (await within(log).findByText('Sign-in failed')).closest('tr')!;
    expect(within(failedRow).getByText('sign-in-failed')).toBeInTheDocument();
    expect(within(failedRow).getByText(new Date('2026-11-24T10:05:00.000Z').toLocaleString())).toBeInTheDocument();
    expect(within(failedRow).getByText('kim')).toBeInTheDocument();
    expect(within(failedRow).getByText('10.6.0.1')).toBeInTheDocument();
    const endedRow = within(log).getByText('Sessions ended by an administrator').closest('tr')!;
    expect(within(endedRow).getByText('admin')).toBeInTheDocument();
    expect(within(endedRow).getByText('2 sessions')).toBeInTheDocument();
    expect(screen.getByText('Showing 25 of 60 rows')).toBeInTheDocument();
    expect(within(log).getAllByRole('columnheader')[0]!.getAttribute('aria-sort')).toBe('descending');
    expect(eventQueries(fetchMock)[0]).toEqual({ page: '1', size: '10', sort: '-at' });

    await user.type(within(log).getByLabelText('Filter Event'), 'sign-in-failed');
    await waitFor(() =>
      expect(eventQueries(fetchMock).at(-1)).toEqual({ page: '1', size: '10', sort: '-at', type: 'sign-in-failed' }),
    );
    await user.click(within(log).getByRole('button', { name: /Username/ }));
    await waitFor(() => expect(eventQueries(fetchMock).at(-1)).toMatchObject({ sort: 'username' }));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Security log pages' })).getByRole('button', { name: 'Next page' }),
    );
    await waitFor(() => expect(eventQueries(fetchMock).at(-1)).toMatchObject({ page: '2', type: 'sign-in-failed' }));
  });
});
