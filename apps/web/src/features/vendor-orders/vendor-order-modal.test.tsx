import type { VendorOrder } from '@desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failed, ok, stubApi } from '../../test/fake-api';
import { renderWithQuery } from '../../test/render-with-query';
import { VendorOrderModal } from './vendor-order-modal';

const springs: VendorOrder = {
  id: 3,
  name: 'Northwest Spring Supply #3307',
  description: 'Torsion springs, 0.250 x 2 x 32',
  estimatedArrival: '2999-01-10',
  status: 'Ordered',
  receivedDate: null,
  version: 4,
};

function openEditor(vendorOrderId: number | null) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderWithQuery(<VendorOrderModal show vendorOrderId={vendorOrderId} onClose={onClose} onSaved={onSaved} />);
  return { onClose, onSaved };
}

const stubEditor = (extra: Parameters<typeof stubApi>[0] = {}) =>
  stubApi({
    'GET /api/vendor-orders/3': ok(springs),
    'GET /api/linked-orders/orders/3': ok([]),
    'GET /api/vendor-orders/3/lines': ok([]),
    ...extra,
  });

describe('vendor order modal', () => {
  it('opens with the cursor in Name, and closes at once when nothing changed', async () => {
    stubEditor();
    const user = userEvent.setup();
    const { onClose } = openEditor(3);
    const dialog = await screen.findByRole('dialog', { name: /Edit Vendor Order/ });
    const name = await within(dialog).findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(document.activeElement).toBe(name));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('asks before discarding a changed status, on Escape and on the Close button', async () => {
    stubEditor();
    const user = userEvent.setup();
    const { onClose } = openEditor(3);
    const dialog = await screen.findByRole('dialog', { name: /Edit Vendor Order/ });
    await user.selectOptions(await within(dialog).findByLabelText('Status'), 'Received');

    await user.keyboard('{Escape}');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', {
        name: 'Keep editing',
      }),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect((within(dialog).getByLabelText('Status') as HTMLSelectElement).value).toBe('Received');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('a refused create shows "Create failed" as a toast and keeps the modal and what was typed', async () => {
    stubEditor({ 'POST /api/vendor-orders/create': failed(400, 'Name must be at most 200 characters.') });
    const user = userEvent.setup();
    const { onSaved } = openEditor(null);
    const dialog = await screen.findByRole('dialog', { name: 'Create Vendor Order' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(document.activeElement).toBe(name));
    await user.type(name, 'Spring order');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const toast = (await screen.findByText('Create failed')).closest('[data-testid="toast"]') as HTMLElement;
    expect(within(toast).getByText('Name must be at most 200 characters.')).toBeInTheDocument();
    expect(dialog.contains(toast)).toBe(false);
    expect(dialog.querySelector('.alert')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
    expect((name as HTMLInputElement).value).toBe('Spring order');
  });

  it('a save shows "Update Succeeded" as a toast and hands over to the list', async () => {
    stubEditor({ 'PUT /api/vendor-orders/update/3': ok({ ...springs, status: 'Shipped', version: 5 }) });
    const user = userEvent.setup();
    const { onSaved } = openEditor(3);
    const dialog = await screen.findByRole('dialog', { name: /Edit Vendor Order/ });
    await user.selectOptions(await within(dialog).findByLabelText('Status'), 'Shipped');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await screen.findByText('Update Succeeded')).closest('[data-testid="toast"]')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledWith({ kind: 'updated' });
  });
});
