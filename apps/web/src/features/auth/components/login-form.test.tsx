import { ROLE_USER } from '@desk/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onUnauthorized } from '../../../lib/api-client';
import { failed, ok, stubApi, type FakeAnswer } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { CODE_HINT } from './login-form';

const WRONG_CODE = 'That code is not right, or was already used. Enter the code your app shows now.';
const mfaRequired = (message: string): FakeAnswer => ({
  status: 401,
  body: { status: 'FAILED', data: { mfaRequired: true }, message },
});

/** A server where erin (password 'erin-secret') has two-factor sign-in on; her code is 246810. */
function serverWithTwoFactor() {
  const server = { signedIn: null as string | null, logins: [] as Record<string, string>[] };
  const fetchMock = stubApi({
    'GET /api/config': ok({ companyName: 'Acme Doors', taxRate: 0.0975 }),
    'GET /api/session/status': () =>
      ok(server.signedIn ? { signedIn: true, username: server.signedIn, roles: [ROLE_USER] } : { signedIn: false }),
    'POST /api/login': ({ body }) => {
      const fields = Object.fromEntries(new URLSearchParams(body ?? ''));
      server.logins.push(fields);
      if (fields.username !== 'erin' || fields.password !== 'erin-secret')
        return failed(401, 'Invalid username or password.');
      if (fields.totp === undefined) return mfaRequired('Enter the 6-digit code from your authenticator app.');
      if (fields.totp !== '246810') return mfaRequired(WRONG_CODE);
      server.signedIn = 'erin';
      return ok({ username: 'erin', roles: [ROLE_USER] });
    },
    'GET /api/users/roles': () => (server.signedIn ? ok([ROLE_USER]) : failed(401, 'Sign in to continue.')),
    'GET /api/orders/list/0': ok({ items: [], filtered: 0, total: 0, page: 1, size: 10 }),
    'GET /api/orders/list/pickup_ready': ok([]),
  });
  return { server, fetchMock };
}

async function enterPassword(user: ReturnType<typeof userEvent.setup>, username: string, password: string) {
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('sign-in with two-factor sign-in on', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for the code after the password, shows a wrong code under the field, and signs in with the right one', async () => {
    const { server } = serverWithTwoFactor();
    const consoleError = vi.spyOn(console, 'error');
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const sessionEnded = vi.fn();
    const stopListening = onUnauthorized(sessionEnded);
    const user = userEvent.setup();
    const { router } = renderApp('/login');

    await enterPassword(user, 'erin', 'erin-secret');
    const code = await screen.findByLabelText('Authentication code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('aria-describedby')).toBe('login-code-hint');
    expect(screen.getByText(CODE_HINT)).toBeInTheDocument();
    // The password step is gone; the asking for a code is no error.
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(consoleWarn).not.toHaveBeenCalled();

    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(WRONG_CODE);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(code.getAttribute('aria-describedby')).toContain(alert.id);
    expect(router.location.pathname).toBe('/login');

    await user.clear(code);
    await user.type(code, '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Sales' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/sales');

    // The username and password were kept and sent again with each code.
    expect(server.logins).toEqual([
      { username: 'erin', password: 'erin-secret' },
      { username: 'erin', password: 'erin-secret', totp: '111111' },
      { username: 'erin', password: 'erin-secret', totp: '246810' },
    ]);
    // A 401 of the login is an answer, not an ended session, and nothing is logged as an error.
    expect(sessionEnded).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    stopListening();
  });

  it('refuses an empty code without asking the server, and Back returns to the password step', async () => {
    const { server } = serverWithTwoFactor();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderApp('/login');

    await enterPassword(user, 'erin', 'erin-secret');
    await screen.findByLabelText('Authentication code');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the code from your authenticator app.');
    expect(server.logins).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    const username = (await screen.findByLabelText('Username')) as HTMLInputElement;
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(username.value).toBe('erin');
    expect(password.value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    // A wrong password is still said on the password step.
    await user.type(password, 'not-it');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password.');
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
  });
});
