import type { ThrottleEntry } from '@desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { callCount, stubAdmin } from './admin-test-utils';

const LIST = '/api/admin/throttles';

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
    const fetchMock = stubAdmin({
      [`GET ${LIST}`]: ok([blocked, quiet]),
      [`DELETE ${LIST}/${encodeURIComponent(blocked.key)}`]: ok(null, 'Throttle cleared.'),
    });
    const user = userEvent.setup();
    renderApp('/admin?tab=security');

    const table = await screen.findByRole('table', { name: 'Sign-in throttles' });
    await within(table).findByText('203.0.113.7');
    expect(within(table).getByText('for 42 s')).toBeTruthy();
    expect(within(table).getByText('Address and username')).toBeTruthy();
    expect(within(table).getByText('198.51.100.4')).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: 'Clear Address and username 203.0.113.7 admin' }));
    expect(await screen.findByText('Throttle cleared')).toBeTruthy();
    await waitFor(() => expect(callCount(fetchMock, 'GET', LIST)).toBe(2));
    expect(callCount(fetchMock, 'DELETE', `${LIST}/${encodeURIComponent(blocked.key)}`)).toBe(1);
  });

  it('says so when nobody failed to sign in', async () => {
    stubAdmin({ [`GET ${LIST}`]: ok([]) });
    renderApp('/admin?tab=security');
    expect(await screen.findByText('No sign-in failures in the last day')).toBeTruthy();
  });
});
