import { ROLE_ADMIN, ROLE_USER, type User } from '@desk/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { failed } from '../../test/fake-api';
import { bodiesOf, refused, openAdminTab, pressWhileHeld } from './admin-test-utils';
import { adminKeys } from './api/query-keys';

const PATH = '/api/users/addNewUser';
const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

async function openTab(handlers: Parameters<typeof openAdminTab>[1]) {
  const { fetchMock, user, queryClient } = openAdminTab('add-users', handlers);
  await screen.findByRole('form', { name: 'Add user' });
  return { fetchMock, user, queryClient };
}

describe('Admin > Add Users', () => {
  it('lets the password be shown and hidden', async () => {
    const { user } = await openTab({});
    expect(input('New User Password').type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input('New User Password').type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input('New User Password').type).toBe('password');
  });

  it("adds the user, shows the server's message, clears the form and refreshes the user list", async () => {
    const { fetchMock, user, queryClient } = await openTab({
      [`POST ${PATH}`]: {
        status: 201,
        body: {
          status: 'OK',
          data: { id: 7, username: 'bob', authorities: [ROLE_ADMIN, ROLE_USER] },
          message: 'User bob added.',
        },
      },
    });
    queryClient.setQueryData<User[]>(adminKeys.users(), []);

    await user.type(input('New Username'), ' bob ');
    await user.type(input('New User Password'), 'Lively-spruce-83');
    await user.click(input('Administrator'));

    await pressWhileHeld(user, fetchMock, 'Add User', 'POST', PATH);

    expect(await screen.findByText('User bob added.')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'POST', PATH)).toEqual([
      { username: 'bob', password: 'Lively-spruce-83', admin: true, yard: false },
    ]);
    expect(input('New Username').value).toBe('');
    expect(input('New User Password').value).toBe('');
    expect(input('Administrator').checked).toBe(false);
    await waitFor(() => expect(queryClient.getQueryState(adminKeys.users())?.isInvalidated).toBe(true));
  });

  it("shows the server's refusal and clears the form all the same", async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = await openTab({ [`POST ${PATH}`]: failed(409, "The username 'bob' is already taken.") });

    await user.type(input('New Username'), 'bob');
    await user.type(input('New User Password'), 'Lively-spruce-83');
    await user.click(input('Administrator'));
    await user.click(screen.getByRole('button', { name: 'Add User' }));

    expect(await screen.findByText('The user was not added')).toBeInTheDocument();
    expect(screen.getByText("The username 'bob' is already taken.")).toBeInTheDocument();
    expect(input('New Username').value).toBe('');
    expect(input('New User Password').value).toBe('');
    expect(input('Administrator').checked).toBe(false);
    expect(consoleWarn).toHaveBeenCalled();
  });

  it('states the password rule next to the field', async () => {
    await openTab({});
    const hint = screen.getByText(
      'At least 12 characters; not a common password; not your username or the business name.',
    );
    expect(input('New User Password').getAttribute('aria-describedby')).toContain(hint.id);
  });

  it("shows the server's reason when it refuses a password", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await openTab({
      [`POST ${PATH}`]: refused('password: is one of the most common passwords; choose one that is harder to guess.', {
        password: 'is one of the most common passwords; choose one that is harder to guess.',
      }),
    });
    await user.type(input('New Username'), 'carol');
    await user.type(input('New User Password'), 'qwerty123456');
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    expect(
      await screen.findByText(
        'New User Password: is one of the most common passwords; choose one that is harder to guess.',
      ),
    ).toBeInTheDocument();
  });

  it('checks the fields before sending', async () => {
    const { fetchMock, user } = await openTab({});
    await user.type(input('New Username'), 'b o');
    await user.click(screen.getByRole('button', { name: 'Add User' }));

    expect(await screen.findByText('New Username may hold only letters, digits and . _ @ -')).toBeInTheDocument();
    expect(screen.getByText('New User Password must be at least 12 characters')).toBeInTheDocument();
    expect(input('New Username').value).toBe('b o');
    expect(bodiesOf(fetchMock, 'POST', PATH)).toEqual([]);
  });
});
