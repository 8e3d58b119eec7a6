/**
 * The document modal and the rules of issue 36: an Accepted quote is read-only with the way to
 * revise; staff cancel an order (with confirmation) rather than delete it; a text field past its
 * limit keeps what was pasted, shows the count and says why instead of truncating.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../test/fake-api';
import { renderWithQuery } from '../../test/render-with-query';
import { DocumentModal } from './document-modal';
import { aCustomer, aDocument, bodyOf, packageLine, requestedUrls, STATUSES } from './test/fixtures';

const WITH_CANCELLED = [...STATUSES, { id: 6, type: 'Cancelled', closed: true }];
const common = {
  'GET /api/config': ok({ companyName: 'Garage Door Supply', taxRate: 0.0975 }),
  'GET /api/customers/': ok([aCustomer()]),
  'GET /api/dropdown/order-status': ok(WITH_CANCELLED),
};
const noop = () => {};

const acceptedQuote = aDocument({
  id: 16,
  kind: 'quote',
  orderStatus: undefined,
  orderDate: undefined,
  quoteDate: '2026-11-20',
  status: 'Accepted',
  quoteNumber: 16,
  revision: 1,
  latestRevision: true,
  exportedOrderIds: [1234],
});

describe('DocumentModal rules (issue 36)', () => {
  it('shows an Accepted quote read-only, with the way to revise it', async () => {
    stubApi({
      ...common,
      'GET /api/quotes/16': ok(acceptedQuote),
      'GET /api/quote-parts/16': ok([packageLine()]),
      'GET /api/quotes/16/revisions': ok([]),
    });
    renderWithQuery(<DocumentModal kind="quote" show documentId={16} onClose={noop} />);

    const notice = await screen.findByTestId('read-only-accepted');
    expect(notice.textContent).toContain('Quote 16 was accepted (exported to order 1234)');
    expect(within(notice).getByRole('button', { name: 'Revise' })).toBeInTheDocument();
    expect(screen.getByLabelText('Job Name').matches(':disabled')).toBe(true);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(
      await screen.findByText('An accepted quote: its cart is kept as the customer accepted it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '+ Add Product' })).toBeNull();
    const quantity = (await screen.findByRole('spinbutton', { name: /^Quantity of / })) as HTMLInputElement;
    expect(quantity.closest('fieldset')?.disabled).toBe(true);
  });

  it('cancels an order after asking: status Cancelled, never a delete', async () => {
    const order = aDocument();
    const fetchMock = stubApi({
      ...common,
      'GET /api/orders/13': ok(order),
      'GET /api/order-parts/13': ok([]),
      'PUT /api/orders/update/13': ok(
        { ...order, orderStatus: { id: 6, type: 'Cancelled', closed: true }, version: 5 },
        'Order updated',
      ),
    });
    const user = userEvent.setup();
    renderWithQuery(<DocumentModal kind="order" show documentId={13} onClose={noop} />);

    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(confirm.textContent).toContain('Cancel order 13?');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await within(confirm).findByText('Order cancel successful')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PUT', '/api/orders/update/13')).toMatchObject({
      id: 13,
      version: 4,
      orderStatus: { id: 6, type: 'Cancelled' },
    });
    expect(requestedUrls(fetchMock).some((u) => u.includes('/delete/'))).toBe(false);
  });

  it('keeps a pasted 10,000-character Job Name whole, shows the count, and refuses to save past 200', async () => {
    const fetchMock = stubApi({
      ...common,
      'GET /api/orders/13': ok(aDocument({ jobName: 'Short job' })),
      'GET /api/order-parts/13': ok([]),
    });
    const user = userEvent.setup();
    renderWithQuery(<DocumentModal kind="order" show documentId={13} onClose={noop} />);

    const jobName = (await screen.findByLabelText('Job Name')) as HTMLInputElement;
    expect(screen.getByText('9 / 200')).toBeInTheDocument();
    expect(screen.getByText('0 / 2,000')).toBeInTheDocument();
    await user.clear(jobName);
    await user.click(jobName);
    await user.paste('x'.repeat(10_000));
    expect(jobName.value).toHaveLength(10_000);
    expect(screen.getByText('10,000 / 200')).toBeInTheDocument();
    expect(jobName.getAttribute('aria-invalid')).toBe('true');
    const message = 'Job Name holds at most 200 characters; this has 10,000. Shorten it to save.';
    expect(screen.getByText(message)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(jobName));
    expect(requestedUrls(fetchMock).filter((u) => u.includes('/update/'))).toEqual([]);

    const instructions = screen.getByLabelText('Special Instructions') as HTMLTextAreaElement;
    await user.click(instructions);
    await user.paste('y'.repeat(2_001));
    expect(instructions.value).toHaveLength(2_001);
    expect(
      screen.getByText('Special Instructions holds at most 2,000 characters; this has 2,001. Shorten it to save.'),
    ).toBeInTheDocument();
  });

  it('names the unsaved Details beside Save, and says when they are saved (decision 024)', async () => {
    const order = aDocument();
    stubApi({
      ...common,
      'GET /api/orders/13': ok(order),
      'GET /api/order-parts/13': ok([]),
      // The server sets the status that goes with Pickup Ready (issue 36); the form shows its answer.
      'PUT /api/orders/update/13': ok(
        {
          ...order,
          jobName: 'Renamed',
          orderPickup: true,
          orderStatus: { id: 4, type: 'Ready for Pickup', closed: false },
          version: 5,
        },
        'Order updated',
      ),
      'GET /api/dropdown/order-status': ok([...WITH_CANCELLED, { id: 4, type: 'Ready for Pickup', closed: false }]),
    });
    const user = userEvent.setup();
    renderWithQuery(<DocumentModal kind="order" show documentId={13} onClose={noop} />);

    const status = await screen.findByTestId('unsaved-changes');
    await waitFor(() => expect(status.textContent).toBe('Details saved'));
    const jobName = screen.getByLabelText('Job Name');
    await user.clear(jobName);
    await user.type(jobName, 'Renamed');
    await user.click(screen.getByLabelText('Pickup Ready'));
    expect(status.textContent).toBe('Unsaved changes: Job Name, Pickup Ready');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.getAttribute('aria-describedby')).toBe(status.id);

    await user.click(save);
    await waitFor(() => expect(screen.getByTestId('unsaved-changes').textContent).toBe('Details saved'));
    const select = (await screen.findByLabelText('Status Code')) as HTMLSelectElement;
    expect(select.selectedOptions[0]!.textContent).toBe('Ready for Pickup');
    expect((screen.getByLabelText('Pickup Ready') as HTMLInputElement).checked).toBe(true);
  });
});
