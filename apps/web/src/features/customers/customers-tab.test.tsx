import { ROLE_ADMIN, ROLE_USER, type Customer, type Page } from '@desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failed, ok, stubApi, type FakeAnswer } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { customer } from '../../test/customers';
import { bodyOf, requestsTo, stubSales, openSalesTab } from '../../test/stub-sales';
import { confirmRefusedThenDeleted, refusedOnce } from '../../test/confirm-delete';

const sierra = customer(2, {
  name: 'Sierra Door Service',
  contactName: 'Maria Alvarez',
  email: 'maria@example.net',
  phone: '(916) 555-0102',
  streetAddress: { street: '2291 Power Inn Rd', city: 'Sacramento', state: 'CA', zipCode: '95826' },
  shipTo: { street: '18 Depot St', city: 'Elk Grove', state: 'CA', zipCode: '95624' },
  specialNeeds: 'Liftgate delivery only',
  specialInstructions: 'Call before loading',
  taxCode: 'RESALE',
  termsCode: 'Net 30',
  openOrders: 3,
  residentialMultiplier: 0.85,
  version: 4,
});

const page = (items: Customer[]): FakeAnswer =>
  ok({ items, filtered: items.length, total: 20, page: 1, size: 10 } satisfies Page<Customer>);

const listRequests = (fetchMock: ReturnType<typeof stubApi>) => requestsTo(fetchMock, '/api/customers/?');

describe('Sales > Customers', () => {
  it('lists a server page of customers and expands a row into its details', async () => {
    const { fetchMock, user } = openSalesTab('customers', { 'GET /api/customers/': page([customer(1), sierra]) });

    const table = await screen.findByRole('table', { name: 'Customers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(expect.arrayContaining(['ID', 'Customer No', 'Customer Name', 'Contact Name', 'Open Orders', 'Actions']));
    expect(await within(table).findByText('Sierra Door Service')).toBeInTheDocument();
    expect(listRequests(fetchMock)[0]).toBe('/api/customers/?page=1&size=10&sort=id');
    expect(screen.getByText('Showing 2 of 20 rows')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Expand row 2' }));
    const details = screen.getByRole('group', { name: 'Details of Sierra Door Service' });
    for (const text of [
      '2291 Power Inn Rd',
      'Elk Grove, CA 95624',
      'maria@example.net',
      '(916) 555-0102',
      'Liftgate delivery only',
      'Call before loading',
      'RESALE',
      'Net 30',
    ]) {
      expect(within(details).getByText(text)).toBeInTheDocument();
    }
    for (const term of [
      'Street Address',
      'Ship To',
      'E-mail',
      'Phone',
      'Fax',
      'Mobile Phone',
      'Tax Code',
      'Terms Code',
    ]) {
      expect(within(details).getByText(term)).toBeInTheDocument();
    }

    await user.type(screen.getByRole('searchbox', { name: 'Filter Customer Name' }), 'sierra');
    await waitFor(() =>
      expect(listRequests(fetchMock).at(-1)).toBe('/api/customers/?page=1&size=10&sort=id&name=sierra'),
    );
  });

  it('offers staff no Delete: deleting a customer is for administrators (issue 36)', async () => {
    stubSales({ 'GET /api/customers/': page([sierra]) });
    renderApp('/sales?tab=customers');
    expect(await screen.findByRole('button', { name: 'Edit customer 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete customer 2' })).toBeNull();
  });

  it("deletes after confirmation (an administrator), and shows the server's reason when it refuses", async () => {
    const refusal = 'Customer Sierra Door Service (id 2) has 3 orders, so it cannot be deleted.';
    const { fetchMock, user } = openSalesTab('customers', {
      'GET /api/session': ok({ username: 'admin', roles: [ROLE_USER, ROLE_ADMIN] }),
      'GET /api/users/roles': ok([ROLE_USER, ROLE_ADMIN]),
      'GET /api/customers/': page([sierra]),
      'DELETE /api/customers/delete/2': refusedOnce(refusal, 'Customer deleted'),
    });

    await user.click(await screen.findByRole('button', { name: 'Delete customer 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmation' });
    expect(dialog.textContent).toContain('Are you sure you would like to delete the customer (id: 2)?');
    await confirmRefusedThenDeleted(user, dialog, 'Customer', refusal, () => listRequests(fetchMock));
  });

  it('checks the form in the browser, creates, then edits the new customer', async () => {
    const created = customer(21, { name: 'Foothill Door Pros', email: 'office@foothill.example', version: 1 });
    const { fetchMock, user } = openSalesTab('customers', {
      'GET /api/customers/': page([sierra]),
      'POST /api/customers/create': { status: 201, body: { status: 'OK', data: created, message: 'Customer created' } },
      'GET /api/customers/21': ok(created),
    });

    await user.click(await screen.findByRole('button', { name: 'Create Customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Customer' });
    for (const section of ['Customer Details', 'Customer Addresses', 'Customer Multipliers']) {
      expect(within(dialog).getByRole('button', { name: section })).toBeInTheDocument();
    }
    expect(within(dialog).getByText('Changing these values will not alter existing orders.').className).toContain(
      'alert-warning',
    );
    const opener = within(dialog).getByLabelText('Opener');
    expect([opener.getAttribute('type'), opener.getAttribute('step'), opener.getAttribute('min')]).toEqual([
      'number',
      '.1',
      '0',
    ]);

    await user.type(within(dialog).getByLabelText('E-mail'), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Customer Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('E-mail must be an e-mail address')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/customers/create')).toBeUndefined();

    await user.type(within(dialog).getByLabelText('Customer Name'), 'Foothill Door Pros');
    await user.clear(within(dialog).getByLabelText('E-mail'));
    await user.type(within(dialog).getByLabelText('E-mail'), 'office@foothill.example');
    await user.click(within(dialog).getByRole('switch', { name: 'Use Tax' }));
    // On for a new customer; this one opts out of the ready-for-pickup e-mail.
    const ready = within(dialog).getByRole<HTMLInputElement>('switch', { name: 'E-mail when an order is ready' });
    expect(ready.checked).toBe(true);
    await user.click(ready);
    await user.clear(within(dialog).getByLabelText('Residential'));
    await user.type(within(dialog).getByLabelText('Residential'), '0.85');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    // The result is a toast, in view wherever the modal is scrolled.
    expect((await screen.findByText('Create succeeded - ID: 21')).closest('[data-testid="toast"]')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/customers/create')).toMatchObject({
      name: 'Foothill Door Pros',
      email: 'office@foothill.example',
      customerNo: null,
      useTax: true,
      readyForPickupEmail: false,
      residentialMultiplier: 0.85,
      openerMultiplier: 1,
      streetAddress: { street: null, city: null, state: null, zipCode: null },
    });
    // Now in edit mode on the new id.
    expect(await screen.findByRole('dialog', { name: /Edit Customer/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('sends the version back on update, and shows the 409 when someone else saved first', async () => {
    let stale = false;
    const { fetchMock, user } = openSalesTab('customers', {
      'GET /api/customers/': page([sierra]),
      'GET /api/customers/2': ok(sierra),
      'PUT /api/customers/update/2': () =>
        stale
          ? failed(409, 'Customer 2 was changed by someone else since you opened it. Reload it and try again.')
          : ok({ ...sierra, contactName: 'Maria A. Alvarez', version: 5 }, 'Customer updated'),
    });

    await user.click(await screen.findByRole('button', { name: 'Edit customer 2' }));
    const dialog = await screen.findByRole('dialog', { name: /Edit Customer/ });
    const contact = await within(dialog).findByLabelText('Contact Name');
    expect((contact as HTMLInputElement).value).toBe('Maria Alvarez');
    expect((within(dialog).getByLabelText('Residential') as HTMLInputElement).value).toBe('0.85');

    await user.clear(contact);
    await user.type(contact, 'Maria A. Alvarez');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await screen.findByText('Update Succeeded')).closest('[data-testid="toast"]')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PUT', '/api/customers/update/2')).toMatchObject({
      contactName: 'Maria A. Alvarez',
      version: 4,
    });

    stale = true;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const failure = (await screen.findByText('Update failed')).closest('[data-testid="toast"]') as HTMLElement;
    expect(
      within(failure).getByText('Customer 2 was changed by someone else since you opened it. Reload it and try again.'),
    ).toBeInTheDocument();
    // The failure replaced the success: one result at a time.
    expect(screen.queryByText('Update Succeeded')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Reload the latest version' })).toBeInTheDocument();
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(puts.at(-1)![1]!.body)).version).toBe(5);
  });
});
