import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { failed, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { bodiesOf, holdRequests, stubAdmin, openAdminTab } from './admin-test-utils';
import type { StoredEmailConfig } from './api/get-email-config';

const stored: StoredEmailConfig = {
  quoteSubject: 'Quote {documentNumber} for {jobName}',
  quoteBody: 'Dear {contactName},\nplease find your quote attached.',
  orderSubject: 'Order {documentNumber}',
  orderBody: 'Dear {contactName},\nyour order is attached.',
  emailForward: null,
  readyForPickupEmail: false,
  readySubject: 'Your order {documentNumber} is ready for pickup',
  readyBody: 'Order {documentNumber} is ready in bay {bay}.',
  version: 3,
};

const field = (label: string) => screen.getByLabelText<HTMLInputElement | HTMLTextAreaElement>(label);

describe('Admin > Email Management', () => {
  it('shows a spinner, then the stored settings, with 5 x 50 bodies and the placeholder help', async () => {
    const fetchMock = stubAdmin({ 'GET /api/grabAutoEmailConfig': ok(stored) });
    const { release } = holdRequests(fetchMock, 'GET', '/api/grabAutoEmailConfig');
    renderApp('/admin?tab=email');

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    release();

    expect((await screen.findByLabelText<HTMLInputElement>('Email Quote Subject')).value).toBe(stored.quoteSubject);
    expect(field('Email Order Subject').value).toBe(stored.orderSubject);
    expect(field('Forward Email').value).toBe('');
    for (const label of ['Email Quote Body', 'Email Order Body']) {
      const body = field(label);
      expect(body.tagName).toBe('TEXTAREA');
      expect(body.getAttribute('rows')).toBe('5');
      expect(body.getAttribute('cols')).toBe('50');
    }
    expect(field('Email Quote Body').value).toBe(stored.quoteBody);

    const help = screen.getByRole('complementary', { name: 'Placeholders' });
    for (const name of ['customerName', 'contactName', 'jobName', 'documentNumber', 'total', 'companyName']) {
      expect(within(help).getByText(`{${name}}`)).toBeInTheDocument();
    }
    expect(within(help).getByText("The customer's name")).toBeInTheDocument();
    // The ready-for-pickup e-mail's own placeholders, its switch (off) and texts.
    for (const name of ['bay', 'companyHours']) expect(within(help).getByText(`{${name}}`)).toBeInTheDocument();
    expect(
      screen.getByRole<HTMLInputElement>('switch', { name: 'E-mail the customer when an order is placed in a bay' })
        .checked,
    ).toBe(false);
    expect(field('Ready for Pickup Subject').value).toBe(stored.readySubject);
    expect(field('Ready for Pickup Body').tagName).toBe('TEXTAREA');
  });

  it("sends the edited settings with their version, shows 'Saving...' while busy, then 'Update Succeeded'", async () => {
    const { fetchMock, user } = openAdminTab('email', {
      'GET /api/grabAutoEmailConfig': ok(stored),
      'POST /api/updateAutoEmailConfig': ({ body }) =>
        ok({ ...(JSON.parse(body!) as StoredEmailConfig), version: 4 }, 'E-mail settings saved'),
    });

    const subject = await screen.findByLabelText('Email Order Subject');
    await user.clear(subject);
    await user.type(subject, '  Your order {{documentNumber}  ');
    await user.type(field('Forward Email'), 'office@example.com');
    // The ready-for-pickup e-mail: switched on, its subject edited.
    await user.click(screen.getByRole('switch', { name: 'E-mail the customer when an order is placed in a bay' }));
    await user.clear(field('Ready for Pickup Subject'));
    await user.type(field('Ready for Pickup Subject'), 'Order {{documentNumber} is in bay {{bay}');

    const { release } = holdRequests(fetchMock, 'POST', '/api/updateAutoEmailConfig');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const busy = await screen.findByRole('button', { name: 'Saving...' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect((field('Email Quote Subject') as HTMLInputElement).closest('fieldset')!.disabled).toBe(true);
    release();

    expect(await screen.findByText('Update Succeeded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'POST', '/api/updateAutoEmailConfig')).toEqual([
      {
        ...stored,
        orderSubject: 'Your order {documentNumber}',
        emailForward: 'office@example.com',
        readyForPickupEmail: true,
        readySubject: 'Order {documentNumber} is in bay {bay}',
        version: 3,
      },
    ]);
    // The form now holds what was saved (trimmed), at the new version.
    expect(field('Email Order Subject').value).toBe('Your order {documentNumber}');
  });

  it('checks the fields with the shared schema before sending', async () => {
    const { fetchMock, user } = openAdminTab('email', { 'GET /api/grabAutoEmailConfig': ok(stored) });

    await user.clear(await screen.findByLabelText('Email Quote Subject'));
    await user.type(field('Forward Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Email Quote Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Forward Email must be an e-mail address')).toBeInTheDocument();
    expect(field('Email Quote Subject').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Email Quote Subject'));
    expect(bodiesOf(fetchMock, 'POST', '/api/updateAutoEmailConfig')).toEqual([]);

    await user.type(field('Email Quote Subject'), 'Q');
    expect(screen.queryByText('Email Quote Subject is required')).toBeNull();
  });

  it('refuses a misspelt placeholder where the admin is typing, naming the known ones, and sends nothing', async () => {
    const { fetchMock, user } = openAdminTab('email', { 'GET /api/grabAutoEmailConfig': ok(stored) });

    const subject = await screen.findByLabelText('Email Order Subject');
    await user.clear(subject);
    await user.type(subject, 'Order {{documentNumber} - {{jobNme}');
    await user.type(field('Ready for Pickup Body'), ' Total {{total}');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const message = await screen.findByText(/^Email Order Subject has an unknown placeholder \{jobNme\}/);
    expect(message.textContent).toContain('(did you mean {jobName}?)');
    expect(message.textContent).toContain('{customerName}, {contactName}, {jobName}');
    expect(screen.getByText(/^Ready for Pickup Body has an unknown placeholder \{total\}/)).toBeInTheDocument();
    expect(subject.getAttribute('aria-invalid')).toBe('true');
    expect(subject.getAttribute('aria-describedby')).toContain(message.id);
    expect(document.activeElement).toBe(subject);
    expect(screen.queryByText('Update Succeeded')).toBeNull();
    expect(bodiesOf(fetchMock, 'POST', '/api/updateAutoEmailConfig')).toEqual([]);
  });

  it("shows 'Update failed' with the server's message when the settings are stale, and reloads them", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let current = stored;
    const { user } = openAdminTab('email', {
      'GET /api/grabAutoEmailConfig': () => ok(current),
      'POST /api/updateAutoEmailConfig': failed(
        409,
        'The e-mail settings were changed by someone else; reload them and try again.',
      ),
    });

    await user.type(await screen.findByLabelText('Email Quote Subject'), ' (draft)');
    current = { ...stored, quoteSubject: 'Changed elsewhere', version: 4 };
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    expect(screen.getByText(/changed by someone else/)).toBeInTheDocument();
    // What the user typed stays until they choose to reload.
    expect(field('Email Quote Subject').value).toBe(`${stored.quoteSubject} (draft)`);

    await user.click(screen.getByRole('button', { name: 'Reload the latest version' }));
    await waitFor(() => expect(field('Email Quote Subject').value).toBe('Changed elsewhere'));
    expect(screen.queryByText('Update failed')).toBeNull();
  });
});
