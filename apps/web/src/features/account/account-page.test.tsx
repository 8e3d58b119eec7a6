import { ROLE_USER, type AccountSession, type MfaStatus } from '@desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failed, ok, stubApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { QR_ALT } from './two-factor-section';

/** Empties a field and types `value` into it. */
const retype = async (user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) => {
  await user.clear(field);
  await user.type(field, value);
};

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR = 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=';
const CODES = Array.from({ length: 10 }, (_, i) => `k3v9q-7hx${'abcdefghjk'[i]}m`);
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const TABLET =
  'Mozilla/5.0 (Linux; Android 14; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

/** A server for ann: her two-factor state (code 135790 is right) and her two sessions. */
function accountServer(initial: Partial<MfaStatus> = {}) {
  const server = {
    mfa: { enabled: false, enabledAt: null, recoveryCodesLeft: 0, ...initial } as MfaStatus,
    sessions: [
      {
        id: 'thisSession01',
        createdAt: '2026-11-24T09:00:00.000Z',
        lastSeenAt: '2026-11-24T10:30:00.000Z',
        address: '127.0.0.1',
        userAgent: CHROME,
        current: true,
      },
      {
        id: 'yardTablet02',
        createdAt: '2026-11-23T07:15:00.000Z',
        lastSeenAt: '2026-11-23T16:45:00.000Z',
        address: '10.7.0.2',
        userAgent: TABLET,
        current: false,
      },
    ] as AccountSession[],
    enableBodies: [] as unknown[],
    signedIn: true,
  };
  const fetchMock = stubApi({
    'GET /api/config': ok({ companyName: 'Acme Doors', taxRate: 0.0975 }),
    'GET /api/session/status': () =>
      ok(server.signedIn ? { signedIn: true, username: 'ann', roles: [ROLE_USER] } : { signedIn: false }),
    'GET /api/users/roles': ok([ROLE_USER]),
    'GET /api/account/mfa': () => ok(server.mfa),
    'POST /api/account/mfa/setup': () =>
      server.mfa.enabled
        ? failed(409, 'Two-factor sign-in is already on. Turn it off first to enrol a new device.')
        : ok({ otpauthUri: `otpauth://totp/Acme:ann?secret=${SECRET}`, secret: SECRET, qrDataUrl: QR }),
    'POST /api/account/mfa/enable': ({ body }) => {
      const { code } = JSON.parse(body ?? '{}') as { code: string };
      server.enableBodies.push({ code });
      if (code !== '135790') return failed(400, 'code: that code is not right. Enter the 6 digits your app shows now.');
      server.mfa = { enabled: true, enabledAt: '2026-11-24T10:31:00.000Z', recoveryCodesLeft: 10 };
      return ok({ recoveryCodes: CODES });
    },
    'POST /api/account/mfa/disable': ({ body }) => {
      const { password, code } = JSON.parse(body ?? '{}') as { password: string; code: string };
      if (password !== 'ann-secret') return failed(400, 'password: that is not your password.');
      if (code !== '135790') return failed(400, 'code: that code is not right, or was already used.');
      server.mfa = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
      return ok(null, 'Two-factor sign-in is off.');
    },
    'GET /api/account/sessions': () => ok(server.sessions),
    'DELETE /api/account/sessions/yardTablet02': () => {
      server.sessions = server.sessions.filter((s) => s.id !== 'yardTablet02');
      return ok(null, 'Session ended.');
    },
    'DELETE /api/account/sessions/thisSession01': () => {
      server.signedIn = false;
      return ok(null, 'Session ended.');
    },
    'GET /api/orders/list/0': ok({ items: [], filtered: 0, total: 0, page: 1, size: 10 }),
    'GET /api/orders/list/pickup_ready': ok([]),
  });
  return { server, fetchMock };
}

const calls = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method).length;

describe('Account page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is linked from the navigation bar with the username', async () => {
    accountServer();
    const user = userEvent.setup();
    const { router } = renderApp('/sales');
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    const link = await nav.findByRole('link', { name: 'Account (ann)' });
    expect(link.getAttribute('href')).toBe('/account');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/account');
    expect(nav.getByRole('link', { name: 'Account (ann)' }).getAttribute('aria-current')).toBe('page');
    expect(document.title).toMatch(/^Account/);
  });

  it('sets up two-factor sign-in: QR code, key in fours with Copy, a code, then ten recovery codes once', async () => {
    const { server } = accountServer();
    const user = userEvent.setup();
    renderApp('/account');

    const section = within(await screen.findByRole('region', { name: 'Two-factor sign-in' }));
    expect(await section.findByText('Off')).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Set up' }));

    const qr = await section.findByRole('img', { name: QR_ALT });
    expect(qr.getAttribute('src')).toBe(QR);
    const key = section.getByLabelText('Key to type by hand') as HTMLInputElement;
    expect(key.value).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(key.readOnly).toBe(true);
    await user.click(section.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByText('Key copied')).toBeInTheDocument();

    // Not six digits: said at once, nothing sent.
    const code = section.getByLabelText('Code from the app');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    await user.type(code, '12345');
    await user.click(section.getByRole('button', { name: 'Turn on' }));
    expect((await section.findByRole('alert')).textContent).toBe('Enter the 6 digits your app shows for this account.');
    expect(server.enableBodies).toHaveLength(0);

    // A wrong code: the server's words, without its field name, under the field.
    await retype(user, code, '000000');
    await user.click(section.getByRole('button', { name: 'Turn on' }));
    await waitFor(() =>
      expect(section.getByRole('alert').textContent).toBe(
        'That code is not right. Enter the 6 digits your app shows now.',
      ),
    );
    expect(code.getAttribute('aria-invalid')).toBe('true');

    await retype(user, code, '135 790');
    await user.click(section.getByRole('button', { name: 'Turn on' }));
    const list = await section.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(server.enableBodies.at(-1)).toEqual({ code: '135790' });
    expect(section.queryByRole('img', { name: QR_ALT })).toBeNull();
    expect(document.activeElement?.textContent).toMatch(/Save your recovery codes now/);

    await user.click(section.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));

    // Download as text: a text file named for the user, holding every code.
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:recovery-codes';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('recovery-codes-ann.txt');
      expect(this.href).toBe('blob:recovery-codes');
    });
    await user.click(section.getByRole('button', { name: 'Download as text' }));
    expect(click).toHaveBeenCalledTimes(1);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    for (const c of CODES) expect(text).toContain(c);

    await user.click(section.getByRole('button', { name: 'I have saved them' }));
    expect(section.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(await section.findByText(/10 recovery codes left/)).toBeInTheDocument();
    expect(section.getByText('On')).toBeInTheDocument();
    expect(
      section.getByText(new RegExp(`On since ${new Date('2026-11-24T10:31:00.000Z').toLocaleDateString()}`)),
    ).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('turns two-factor sign-in off with the password and a code, each error under its field', async () => {
    accountServer({ enabled: true, enabledAt: '2026-11-01T08:00:00.000Z', recoveryCodesLeft: 2 });
    const user = userEvent.setup();
    renderApp('/account');

    const section = within(await screen.findByRole('region', { name: 'Two-factor sign-in' }));
    expect(await section.findByText(/2 recovery codes left/)).toBeInTheDocument();
    expect(section.getByText(/turn two-factor sign-in off and on again/)).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Turn off' }));

    const form = within(section.getByRole('form', { name: 'Turn off two-factor sign-in' }));
    await user.click(form.getByRole('button', { name: 'Turn off' }));
    expect(form.getByText('Enter your password.')).toBeInTheDocument();
    expect(form.getByText('Enter a code from your app, or a recovery code.')).toBeInTheDocument();

    const password = form.getByLabelText('Password');
    const code = form.getByLabelText('Authentication code');
    await user.type(password, 'wrong');
    await user.type(code, '135790');
    await user.click(form.getByRole('button', { name: 'Turn off' }));
    expect(await form.findByText('That is not your password.')).toBeInTheDocument();
    expect(password.getAttribute('aria-invalid')).toBe('true');

    await retype(user, password, 'ann-secret');
    await retype(user, code, '999999');
    await user.click(form.getByRole('button', { name: 'Turn off' }));
    expect(await form.findByText('That code is not right, or was already used.')).toBeInTheDocument();
    expect(code.getAttribute('aria-invalid')).toBe('true');

    await retype(user, code, '135790');
    await user.click(form.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-factor sign-in is off')).toBeInTheDocument();
    expect(await section.findByText('Off')).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Set up' })).toBeInTheDocument();
  });

  it('lists the sessions and ends another one; ending this one signs out to /login', async () => {
    const { fetchMock } = accountServer();
    const user = userEvent.setup();
    const { router } = renderApp('/account');

    const table = await screen.findByRole('table', { name: 'Your sessions' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Signed in', 'Last seen', 'Address', 'Browser', 'Actions']);
    const thisRow = (await within(table).findByText('This session')).closest('tr')!;
    expect(within(thisRow).getByText('Chrome 131 on Windows').getAttribute('title')).toBe(CHROME);
    expect(within(thisRow).getByText('127.0.0.1')).toBeInTheDocument();
    expect(within(thisRow).getByText(new Date('2026-11-24T09:00:00.000Z').toLocaleString())).toBeInTheDocument();
    const tabletRow = within(table).getByText('Chrome 130 on Android').closest('tr')!;
    expect(within(tabletRow).queryByText('This session')).toBeNull();

    await user.click(
      within(tabletRow).getByRole('button', { name: /^End session of Chrome 130 on Android from 10.7.0.2/ }),
    );
    expect(await screen.findByText('Session ended')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('Chrome 130 on Android')).toBeNull());
    expect(calls(fetchMock, 'DELETE', '/api/account/sessions/yardTablet02')).toBe(1);
    expect(calls(fetchMock, 'GET', '/api/account/sessions')).toBe(2);

    // This browser's own session: asked first, then signed out.
    await user.click(within(table).getByRole('button', { name: 'End this session' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock, 'DELETE', '/api/account/sessions/thisSession01')).toBe(0);

    await user.click(within(table).getByRole('button', { name: 'End this session' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'End this session?' })).getByRole('button', {
        name: 'End and sign out',
      }),
    );
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE', '/api/account/sessions/thisSession01')).toBe(1);
    // Nothing asked the server for the ended session's list again.
    expect(calls(fetchMock, 'GET', '/api/account/sessions')).toBe(2);
  });

  it('says why an End failed (the session had already ended) and shows the list as it is now', async () => {
    const { server, fetchMock } = accountServer();
    const user = userEvent.setup();
    renderApp('/account');
    const table = await screen.findByRole('table', { name: 'Your sessions' });
    const tabletRow = (await within(table).findByText('Chrome 130 on Android')).closest('tr')!;
    // Ended meanwhile, e.g. from another tab.
    server.sessions = server.sessions.filter((s) => s.id !== 'yardTablet02');
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/api/account/sessions/yardTablet02'
        ? new Response(JSON.stringify({ status: 'FAILED', data: null, message: 'That session has already ended.' }), {
            status: 404,
          })
        : answer(input, init),
    );
    await user.click(within(tabletRow).getByRole('button', { name: /^End session of Chrome 130 on Android/ }));
    expect(await screen.findByText('Ending the session failed')).toBeInTheDocument();
    expect(screen.getByText('That session has already ended.')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('Chrome 130 on Android')).toBeNull());
  });
});
