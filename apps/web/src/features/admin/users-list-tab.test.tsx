import { ROLE_ADMIN, ROLE_USER, ROLE_YARD, type User } from '@desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { failed, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { bodiesOf, callCount, holdRequests, stubAdmin, openAdminTab } from './admin-test-utils';

const LIST = '/api/users/getUsersList';
const REMOVE = '/api/users/removeUser';

const users: User[] = [
  { id: 1, username: 'admin', authorities: [ROLE_ADMIN, ROLE_USER] },
  { id: 2, username: 'bob', authorities: [ROLE_USER] },
  { id: 3, username: 'legacy', authorities: [] },
];

const rowOf = (username: string) => screen.getByRole('cell', { name: new RegExp(`^${username}`) }).closest('tr')!;

describe('Admin > Users List / Remove', () => {
  it('gives a user the yard role in the Roles dialog; the row shows it; a refusal shows in the dialog', async () => {
    const { fetchMock, user } = openAdminTab('users', {
      [`GET ${LIST}`]: ok(users),
      'PUT /api/users/roles': ({ body }) =>
        JSON.parse(String(body)).username === 'admin'
          ? failed(
              409,
              'admin is the last administrator and keeps ROLE_ADMIN: make another user an administrator first.',
            )
          : ok([ROLE_YARD], 'bob now holds ROLE_YARD.'),
    });

    // The first test of the file also waits for the admin page's code.
    await user.click(await screen.findByRole('button', { name: 'Roles of bob' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of bob' });
    expect(within(dialog).getByRole('radio', { name: /^Staff/ })).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('radio', { name: /^Yard/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    await waitFor(() => expect(within(rowOf('bob')).getByText(ROLE_YARD)).toBeInTheDocument());
    expect(within(rowOf('bob')).getByText('Yard')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'PUT', '/api/users/roles')).toEqual([{ username: 'bob', roles: [ROLE_YARD] }]);

    await user.click(screen.getByRole('button', { name: 'Roles of admin' }));
    const own = await screen.findByRole('dialog', { name: 'Roles of admin' });
    await user.click(within(own).getByRole('radio', { name: /^Staff/ }));
    await user.click(within(own).getByRole('button', { name: 'Save roles' }));
    expect((await within(own).findByRole('alert')).textContent).toContain('admin is the last administrator');
    expect(within(rowOf('admin')).getByText('Administrator')).toBeInTheDocument();
  });

  it("loads when the tab opens: 'Loading...', then each user with their authorities or 'N/A'", async () => {
    const fetchMock = stubAdmin({ [`GET ${LIST}`]: ok(users) });
    const { release } = holdRequests(fetchMock, 'GET', LIST);
    renderApp('/admin?tab=users');

    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByText('Loading...')).toBeInTheDocument();
    release();

    await within(table).findByText('bob');
    expect(within(rowOf('admin')).getByText(`${ROLE_ADMIN}, ${ROLE_USER}`)).toBeInTheDocument();
    expect(within(rowOf('bob')).getByText(ROLE_USER)).toBeInTheDocument();
    expect(within(rowOf('legacy')).getByText('N/A')).toBeInTheDocument();
    expect(within(rowOf('admin')).getByText('you')).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /^Delete / })).toHaveLength(3);
    expect(callCount(fetchMock, 'GET', LIST)).toBe(1);
  });

  it("says 'No users found' when there are none", async () => {
    stubAdmin({ [`GET ${LIST}`]: ok([]) });
    renderApp('/admin?tab=users');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it('deletes a user after confirmation and drops the row without asking for the list again', async () => {
    const { fetchMock, user } = openAdminTab('users', {
      [`GET ${LIST}`]: ok(users),
      [`DELETE ${REMOVE}`]: ok(null, 'User bob removed.'),
    });

    await user.click(await screen.findByRole('button', { name: 'Delete bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(within(dialog).getByText('Are you sure you would like to delete the user bob?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await within(dialog).findByText('User delete successful')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url, init]) => url === REMOVE && init?.method === 'DELETE')!;
    expect(call[1]!.body).toBe('"bob"');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'bob' })).toBeNull());
    expect(screen.getByRole('cell', { name: 'legacy' })).toBeInTheDocument();
    expect(callCount(fetchMock, 'GET', LIST)).toBe(1);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal and keeps the row", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = openAdminTab('users', {
      [`GET ${LIST}`]: ok(users),
      [`DELETE ${REMOVE}`]: failed(409, 'You cannot remove your own account.'),
    });

    await user.click(await screen.findByRole('button', { name: 'Delete admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await within(dialog).findByText('User delete failed')).toBeInTheDocument();
    expect(within(dialog).getByText('You cannot remove your own account.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(rowOf('admin')).toBeInTheDocument();
  });

  it("ends all of a user's sessions after confirmation and says how many", async () => {
    const { fetchMock, user } = openAdminTab('users', {
      [`GET ${LIST}`]: ok(users),
      'DELETE /api/admin/users/bob/sessions': ok({ ended: 3 }, '3 sessions ended.'),
    });

    await user.click(await screen.findByRole('button', { name: 'End sessions of bob' }));
    let dialog = await screen.findByRole('dialog', { name: 'End sessions' });
    expect(dialog.textContent).toContain('End every session of bob?');
    expect(within(dialog).queryByText(/This is you/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callCount(fetchMock, 'DELETE', '/api/admin/users/bob/sessions')).toBe(0);

    await user.click(screen.getByRole('button', { name: 'End sessions of bob' }));
    dialog = await screen.findByRole('dialog', { name: 'End sessions' });
    await user.click(within(dialog).getByRole('button', { name: 'End sessions' }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('3 sessions ended')).toBeInTheDocument();
    expect(within(toast).getByText('bob must sign in again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callCount(fetchMock, 'DELETE', '/api/admin/users/bob/sessions')).toBe(1);
    // Nothing about the user changed: the list is not asked for again.
    expect(callCount(fetchMock, 'GET', LIST)).toBe(1);
  });

  it('warns an administrator ending their own sessions, and shows a refusal as a toast', async () => {
    const { user } = openAdminTab('users', {
      [`GET ${LIST}`]: ok(users),
      'DELETE /api/admin/users/legacy/sessions': failed(404, "No user named 'legacy'."),
    });

    await user.click(await screen.findByRole('button', { name: 'End sessions of admin' }));
    const own = await screen.findByRole('dialog', { name: 'End sessions' });
    expect(within(own).getByText('This is you: you will be signed out here too.')).toBeInTheDocument();
    await user.click(within(own).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'End sessions of legacy' }));
    const dialog = await screen.findByRole('dialog', { name: 'End sessions' });
    await user.click(within(dialog).getByRole('button', { name: 'End sessions' }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Ending the sessions failed')).toBeInTheDocument();
    expect(within(toast).getByText("No user named 'legacy'.")).toBeInTheDocument();
    // Still open, to try again or cancel.
    expect(screen.getByRole('dialog', { name: 'End sessions' })).toBeInTheDocument();
  });
});
