import { defaultCompanySettings, type CompanySettings } from '@desk/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fake-api';
import { bodiesOf, callCount, refused, openAdminTab } from './admin-test-utils';
import { fieldErrorsFromIssues } from './company-tab';

const stored: CompanySettings = defaultCompanySettings('Acme Doors');

const field = (label: string) => screen.getByLabelText<HTMLInputElement | HTMLTextAreaElement>(label);

describe('Admin > Company', () => {
  it('sends every field with the version, shows Update Succeeded and refreshes the top bar name', async () => {
    let configName = 'Acme Doors';
    const { fetchMock, user } = openAdminTab('company', {
      'GET /api/config': () => ok({ companyName: configName, taxRate: 0.0975 }),
      'GET /api/settings/company': ok(stored),
      'PUT /api/settings/company': ({ body }) => {
        const sent = JSON.parse(body!) as CompanySettings;
        configName = sent.name;
        return ok({ ...sent, version: 2 }, 'Company settings saved');
      },
    });

    const name = await screen.findByLabelText<HTMLInputElement>('Company name');
    expect(name.value).toBe('Acme Doors');
    await user.clear(name);
    await user.type(name, ' Sierra Door Supply ');
    await user.type(field('Street'), '1200 Industrial Way');
    await user.type(field('City'), 'Sacramento');
    await user.type(field('State'), 'CA');
    await user.type(field('ZIP code'), '95815');
    await user.type(field('Phone'), '(916) 555-0142');
    await user.type(field('E-mail'), 'sales@sierra.example.com');
    await user.type(field('Quote validity (days)'), '30');
    await user.type(field('Terms'), 'Deposit on special orders.');
    await user.type(field('Opening hours'), 'Mon-Fri 7:00-4:30');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Update Succeeded')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'PUT', '/api/settings/company')).toEqual([
      {
        name: 'Sierra Door Supply',
        street: '1200 Industrial Way',
        city: 'Sacramento',
        state: 'CA',
        zip: '95815',
        phone: '(916) 555-0142',
        email: 'sales@sierra.example.com',
        quoteValidityDays: 30,
        terms: 'Deposit on special orders.',
        hours: 'Mon-Fri 7:00-4:30',
        priceLooseParts: false,
        version: 1,
      },
    ]);
    // The top bar reads the name from /api/config, asked again after the save.
    await waitFor(() => expect(screen.getByRole('navigation').textContent).toContain('Sierra Door Supply'));
    expect(callCount(fetchMock, 'GET', '/api/config')).toBeGreaterThanOrEqual(2);
  });

  it('switches Price loose parts on, says what it does and from when, and sends it', async () => {
    const { fetchMock, user } = openAdminTab('company', {
      'GET /api/settings/company': ok(stored),
      'PUT /api/settings/company': ({ body }) => ok({ ...JSON.parse(body!), version: 2 }, 'Company settings saved'),
    });

    const toggle = await screen.findByRole<HTMLInputElement>('switch', { name: 'Price loose parts' });
    expect(toggle.checked).toBe(false);
    const hint = document.getElementById(toggle.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toBe(
      "Off: a part sold on its own (not a package) counts $0.00 unless a price override is set. On: it counts its wholesale price × the customer's multiplier for its category × the quantity. Applies to orders and quotes created from then on; existing ones keep the way they were priced.",
    );
    await user.click(toggle);
    expect(toggle.checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Update Succeeded')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'PUT', '/api/settings/company')).toEqual([
      expect.objectContaining({ name: 'Acme Doors', priceLooseParts: true, version: 1 }),
    ]);
  });

  it('checks the fields before sending, with messages that name them', async () => {
    const { fetchMock, user } = openAdminTab('company', { 'GET /api/settings/company': ok(stored) });

    await user.clear(await screen.findByLabelText('Company name'));
    await user.type(field('E-mail'), 'not-an-address');
    await user.type(field('Quote validity (days)'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('E-mail must be an e-mail address, e.g. sales@example.com')).toBeInTheDocument();
    expect(
      screen.getByText('Quote validity must be a whole number of days from 1 to 3650, or empty'),
    ).toBeInTheDocument();
    expect(field('Company name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Company name'));
    expect(bodiesOf(fetchMock, 'PUT', '/api/settings/company')).toEqual([]);
  });

  it("shows the server's 400 messages next to their fields and in the banner", async () => {
    const { user } = openAdminTab('company', {
      'GET /api/settings/company': ok(stored),
      'PUT /api/settings/company': refused(
        'Phone must be at most 40 characters. E-mail must be an e-mail address, e.g. sales@example.com.',
        {
          phone: 'Phone must be at most 40 characters.',
          email: 'E-mail must be an e-mail address, e.g. sales@example.com.',
        },
      ),
    });

    await user.type(await screen.findByLabelText('Phone'), '555');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    const phone = field('Phone');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    const phoneError = document.getElementById(phone.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(phoneError.textContent).toBe('Phone must be at most 40 characters.');
    const email = field('E-mail');
    expect(document.getElementById(email.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent).toBe(
      'E-mail must be an e-mail address, e.g. sales@example.com.',
    );
    // Editing the field clears its server message.
    await user.type(phone, '1');
    expect(phone.getAttribute('aria-invalid')).toBeNull();
  });

  it("puts each of the server's refused fields beside its field, the first message of a field first", () => {
    expect(
      fieldErrorsFromIssues([
        { field: 'name', message: 'Company name is required.' },
        { field: 'email', message: 'E-mail must be an e-mail address, e.g. sales@example.com.' },
        { field: 'email', message: 'E-mail must be one line.' },
        { field: 'zip', message: 'ZIP code must be text.' },
        { field: 'version', message: 'must be a number.' },
      ]),
    ).toEqual({
      name: 'Company name is required.',
      email: 'E-mail must be an e-mail address, e.g. sales@example.com.',
      zip: 'ZIP code must be text.',
    });
    expect(fieldErrorsFromIssues([])).toEqual({});
  });
});
