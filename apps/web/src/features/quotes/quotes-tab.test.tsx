import type { DocumentListItem, Page } from '@desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failed, ok, stubApi } from '../../test/fake-api';
import { renderWithQuery } from '../../test/render-with-query';
import { aDocument } from '../documents/test/fixtures';
import { QuotesTab } from './quotes-tab';

const quote: DocumentListItem = {
  id: 6,
  jobName: 'Bayside dock - 3 doors',
  poNumber: 'PO-2201',
  customerId: 18,
  customerNo: 'C-1018',
  customerName: 'Bayside Dock & Door',
  contactName: 'Aaron Fischer',
};

const list = ok({ items: [quote], filtered: 1, total: 1, page: 1, size: 10 } satisfies Page<DocumentListItem>);

describe('Sales > Quotes', () => {
  it('lists quotes without a status column', async () => {
    stubApi({ 'GET /api/quotes/': list });
    renderWithQuery(<QuotesTab />);
    const table = await screen.findByRole('table', { name: 'Quotes' });
    await within(table).findByText('Bayside dock - 3 doors');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.replace(/[▲▼↕]/g, ''))
      .filter(Boolean);
    expect(headers).toEqual(['ID', 'Job Name', 'PO Number', 'Customer No', 'Customer Name', 'Contact Name', 'Actions']);
    expect(screen.getByRole('button', { name: 'Create Quote' })).toBeTruthy();
  });

  it("prefills the duplicate's Job Name with ' - copy' and sends the edited name", async () => {
    const fetchMock = stubApi({
      'GET /api/quotes/': list,
      'POST /api/quotes/duplicate/6': failed(404, 'Quote 6 does not exist.'),
    });
    const user = userEvent.setup();
    renderWithQuery(<QuotesTab />);

    await user.click(await screen.findByRole('button', { name: 'Duplicate quote 6' }));
    const dialog = screen.getByRole('dialog', { name: 'Duplicate Quote' });
    expect(dialog.textContent).toContain('Quote ID: 6');
    const jobName = within(dialog).getByLabelText('Job Name') as HTMLInputElement;
    expect(jobName.value).toBe('Bayside dock - 3 doors - copy');
    await user.type(jobName, ' (north)');
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }));

    expect(await within(dialog).findByText('Create failed')).toBeTruthy();
    expect(within(dialog).getByText('Quote 6 does not exist.')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/quotes/duplicate/6')!;
    expect(JSON.parse(String(call[1]!.body))).toMatchObject({
      id: 6,
      jobName: 'Bayside dock - 3 doors - copy (north)',
    });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('opens the copy in the editor after a duplicate', async () => {
    const copy = aDocument({ id: 16, kind: 'quote', jobName: 'Bayside dock - 3 doors - copy', orderStatus: undefined });
    stubApi({
      'GET /api/quotes/': list,
      'POST /api/quotes/duplicate/6': { status: 201, body: { status: 'OK', data: copy, message: 'Quote duplicated' } },
      'GET /api/quotes/16': ok(copy),
      'GET /api/quote-parts/16': ok([]),
      'GET /api/customers/': ok([]),
      'GET /api/config': ok({ companyName: 'Garage Door Supply', taxRate: 0.0975 }),
    });
    const user = userEvent.setup();
    renderWithQuery(<QuotesTab />);

    await user.click(await screen.findByRole('button', { name: 'Duplicate quote 6' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Duplicate Quote' })).getByRole('button', { name: 'Duplicate' }),
    );
    const editor = await screen.findByRole('dialog', { name: /Edit Quote/ });
    await waitFor(() =>
      expect((within(editor).getByLabelText('Job Name') as HTMLInputElement).value).toBe(copy.jobName),
    );
  });
});
