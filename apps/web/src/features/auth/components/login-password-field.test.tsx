/**
 * The sign-in form's password field (docs/security.md, ASVS 5.0 6.2.6–6.2.8): masked, open to
 * paste and password managers, and sent exactly as typed.
 */
import { ROLE_USER } from '@desk/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

describe('sign-in password field', () => {
  it('is masked, takes a pasted password and sends it exactly as pasted', async () => {
    const sent: string[] = [];
    stubApi({
      'GET /api/config': ok({ companyName: 'Acme Doors', taxRate: 0.0975 }),
      'POST /api/login': ({ body }) => {
        sent.push(new URLSearchParams(body ?? '').get('password') ?? '');
        return ok({ username: 'ann', roles: [ROLE_USER] });
      },
      'GET /api/users/roles': ok([ROLE_USER]),
      'GET /api/orders/list/0': ok({ items: [], filtered: 0, total: 0, page: 1, size: 10 }),
      'GET /api/orders/list/pickup_ready': ok([]),
    });
    renderApp('/login');

    const username = await screen.findByLabelText<HTMLInputElement>('Username');
    const password = screen.getByLabelText<HTMLInputElement>('Password');
    expect(password.type).toBe('password');
    // Password managers fill these by their autocomplete names.
    expect(username.getAttribute('autocomplete')).toBe('username');
    expect(password.getAttribute('autocomplete')).toBe('current-password');

    await userEvent.type(username, 'ann');
    // 80 characters with spaces at both ends and non-ASCII letters, pasted from a password manager.
    const pasted = `  Grüße aus dem Lager ${'x'.repeat(56)}  `;
    await userEvent.click(password);
    await userEvent.paste(pasted);
    expect(password.value).toBe(pasted);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Sales' })).toBeInTheDocument();
    expect(sent).toEqual([pasted]);
  });
});
