import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/fake-api';
import { bodiesOf, refused, openAdminTab, pressWhileHeld } from './admin-test-utils';

const PATH = '/api/users/modifyCredentials';
const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

async function openTab(handlers: Parameters<typeof openAdminTab>[1] = {}) {
  const { fetchMock, user } = openAdminTab('password', handlers);
  await screen.findByRole('form', { name: 'Modify password' });
  return { fetchMock, user };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(input('Old Password'), 'old-secret-1');
  await user.type(input('New Password'), 'new-secret-22');
}

describe('Admin > Modify Password', () => {
  it("starts from the signed-in user's name, which can be changed", async () => {
    const { user } = await openTab();
    expect(input('Username').value).toBe('admin');
    await user.clear(input('Username'));
    await user.type(input('Username'), 'bob');
    expect(input('Username').value).toBe('bob');
  });

  it('states the password rule next to the new password', async () => {
    await openTab();
    const hint = screen.getByText(
      'At least 12 characters; not a common password; not your username or the business name.',
    );
    expect(input('New Password').getAttribute('aria-describedby')).toContain(hint.id);
  });

  it('lets each password field be shown and hidden', async () => {
    const { user } = await openTab();
    for (const label of ['Old Password', 'New Password']) {
      const field = input(label);
      const group = field.closest('.input-group') as HTMLElement;
      expect(field.type).toBe('password');

      await user.click(within(group).getByRole('button', { name: 'Show password' }));
      expect(field.type).toBe('text');

      await user.click(within(group).getByRole('button', { name: 'Hide password' }));
      expect(field.type).toBe('password');
    }
  });

  it("sends the change, says 'Password changed.' and clears the form", async () => {
    const { fetchMock, user } = await openTab({ [`PUT ${PATH}`]: ok(null, 'Password changed.') });
    await fillIn(user);
    await user.click(
      within(input('New Password').closest('.input-group')!).getByRole('button', { name: 'Show password' }),
    );

    await pressWhileHeld(user, fetchMock, 'Change Password', 'PUT', PATH);

    expect(await screen.findByText('Password changed.')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'PUT', PATH)).toEqual([
      { username: 'admin', oldPassword: 'old-secret-1', password: 'new-secret-22' },
    ]);
    expect(input('Old Password').value).toBe('');
    expect(input('New Password').value).toBe('');
    // Cleared means back to the start: the signed-in user's name, and passwords hidden again.
    expect(input('Username').value).toBe('admin');
    expect(input('New Password').type).toBe('password');
  });

  it("shows the server's refusal, with the field's label, and clears the form all the same", async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { fetchMock, user } = await openTab({
      [`PUT ${PATH}`]: refused('oldPassword: the old password is not correct.', {
        oldPassword: 'the old password is not correct.',
      }),
    });
    await user.clear(input('Username'));
    await user.type(input('Username'), 'bob');
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText('The password was not changed')).toBeInTheDocument();
    expect(screen.getByText('Old Password: the old password is not correct.')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'PUT', PATH)).toHaveLength(1);
    expect(input('Old Password').value).toBe('');
    expect(input('New Password').value).toBe('');
    expect(input('Username').value).toBe('admin');
    expect(consoleWarn).toHaveBeenCalled();
  });

  it('checks the fields before sending and keeps what was typed', async () => {
    const { fetchMock, user } = await openTab();
    await user.type(input('Old Password'), 'old-secret-1');
    await user.type(input('New Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText('New Password must be at least 12 characters')).toBeInTheDocument();
    expect(document.activeElement).toBe(input('New Password'));
    expect(input('Old Password').value).toBe('old-secret-1');
    expect(bodiesOf(fetchMock, 'PUT', PATH)).toEqual([]);
  });
});
