import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../test/fake-api';
import { renderWithQuery } from '../../test/render-with-query';
import { QuoteModal } from '../quotes/quote-modal';
import { aDocument, partLine } from './test/fixtures';

const noop = () => {};
const common = {
  'GET /api/config': ok({ companyName: 'Garage Door Supply', taxRate: 0.0975 }),
  'GET /api/customers/': ok([]),
  'GET /api/quote-parts/15': ok([]),
  'GET /api/quote-parts/16': ok([]),
};

/** Revision 1 of quote 15 (Whitaker). */
const whitakerRev1 = (status: 'Draft' | 'Sent', latestRevision: boolean) =>
  aDocument({ id: 15, kind: 'quote', jobName: 'Whitaker', status, quoteNumber: 15, revision: 1, latestRevision });

describe('quote revisions in the quote modal', () => {
  it('Revise opens the new revision in the same modal, with its number and status', async () => {
    const rev1 = whitakerRev1('Sent', true);
    const rev2 = { ...rev1, id: 16, status: 'Draft', revision: 2, version: 1 };
    const fetchMock = stubApi({
      ...common,
      'GET /api/quotes/15': ok(rev1),
      'GET /api/quotes/16': ok(rev2),
      'POST /api/quotes/15/revise': {
        status: 201,
        body: { status: 'OK', data: rev2, message: 'Quote 15 rev 2 created' },
      },
    });
    const user = userEvent.setup();
    renderWithQuery(<QuoteModal show documentId={15} onClose={noop} />);
    const dialog = await screen.findByRole('dialog', { name: /Quote/ });
    expect(((await within(dialog).findByLabelText('Quote Status')) as HTMLSelectElement).value).toBe('Sent');
    await user.click(within(dialog).getByRole('button', { name: 'Revise' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u, init]) => String(u) === '/api/quotes/15/revise' && init?.method === 'POST'),
      ).toBe(true),
    );
    expect(await within(dialog).findByText('Quote 15 rev 2')).toBeInTheDocument();
    expect(((await within(dialog).findByLabelText('Quote Status')) as HTMLSelectElement).value).toBe('Draft');
  });

  it('shows an earlier revision read-only: a notice, no Revise, Save disabled', async () => {
    const old = whitakerRev1('Draft', false);
    const line = partLine({ id: 7 });
    stubApi({ ...common, 'GET /api/quotes/15': ok(old), 'GET /api/quote-parts/15': ok([line]) });
    renderWithQuery(<QuoteModal show documentId={15} onClose={noop} />);
    const dialog = await screen.findByRole('dialog', { name: /Quote/ });
    expect((await within(dialog).findByTestId('read-only-revision')).textContent).toContain(
      'This is rev 1 of quote 15',
    );
    expect(within(dialog).queryByRole('button', { name: 'Revise' })).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    // Nothing in it can be changed: the details, the cart's quantities, overrides and deletes.
    expect(within(dialog).getByLabelText('Job Name').matches(':disabled')).toBe(true);
    const qty = await within(dialog).findByLabelText<HTMLInputElement>(`Quantity of ${line.product.itemNo}`);
    expect(qty.matches(':disabled')).toBe(true);
    const override = within(dialog).getByLabelText<HTMLInputElement>(`Price override of ${line.product.itemNo}`);
    expect(override.matches(':disabled')).toBe(true);
    expect(
      within(dialog).getByRole<HTMLButtonElement>('button', { name: `Delete line ${line.product.itemNo}` }).disabled,
    ).toBe(true);
    expect(within(dialog).queryByRole('button', { name: '+ Add Product' })).toBeNull();
    expect(within(dialog).getByText('An earlier revision: its cart is kept as it was.')).toBeInTheDocument();
  });

  it('lists the revisions when Revisions is opened, and opens an earlier one read-only', async () => {
    const rev1 = whitakerRev1('Sent', false);
    const rev2 = { ...rev1, id: 16, status: 'Draft' as const, revision: 2, latestRevision: true };
    const totals = { subTotal: 10, tax: 0, total: 10 };
    const totalsCents = { subTotalCents: 1000, taxCents: 0, totalCents: 1000 };
    const row = (r: typeof rev1, latest: boolean) => ({
      id: r.id,
      quoteNumber: 15,
      revision: r.revision,
      status: r.status,
      latest,
      quoteDate: '2026-11-20',
      totals,
      totalsCents,
    });
    stubApi({
      ...common,
      'GET /api/quotes/15': ok(rev1),
      'GET /api/quotes/16': ok(rev2),
      'GET /api/quotes/16/revisions': ok([row(rev1, false), row(rev2, true)]),
    });
    const user = userEvent.setup();
    renderWithQuery(<QuoteModal show documentId={16} onClose={noop} />);
    const dialog = await screen.findByRole('dialog', { name: /Quote/ });
    await within(dialog).findByLabelText('Quote Status');
    await user.click(within(dialog).getByRole('button', { name: 'Revisions' }));
    const table = await within(dialog).findByRole('table', { name: 'Revisions' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'RevisionDateStatusTotalActions',
      'Quote 15 rev 12026-11-20Sent10.00Open rev 1',
      'Quote 15 rev 2(latest)2026-11-20Draft10.00shown',
    ]);
    await user.click(within(table).getByRole('button', { name: 'Open rev 1' }));
    expect(await within(dialog).findByTestId('read-only-revision')).toBeInTheDocument();
  });
});
