import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { ConfirmModal, type ConfirmModalProps } from './confirm-modal';

/** The customer delete of the customer list, with the given handlers. */
const renderCustomerDelete = (
  props: Pick<ConfirmModalProps, 'onConfirm' | 'onSuccess'> & { onClose?: () => void },
  question: string,
) =>
  render(
    <ConfirmModal show objectName="Customer" action="delete" onClose={() => {}} {...props}>
      {question}
    </ConfirmModal>,
  );

describe('ConfirmModal', () => {
  it("confirms, shows '{object} {action} successful' and hides Confirm", async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    const onSuccess = vi.fn();
    const user = userEvent.setup();
    renderCustomerDelete({ onConfirm, onSuccess }, 'Are you sure you would like to delete the customer (id: 7)?');

    const dialog = screen.getByRole('dialog', { name: 'Confirmation' });
    expect(dialog.textContent).toContain('Are you sure you would like to delete the customer (id: 7)?');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Customer delete successful')).toBeInTheDocument();
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it("shows '{object} {action} failed' with the server's reason, and Close closes", async () => {
    const onClose = vi.fn();
    const onSuccess = vi.fn();
    const user = userEvent.setup();
    renderCustomerDelete(
      {
        onConfirm: () => Promise.reject(new ApiError('Customer 7 has 2 orders and cannot be deleted.', 409)),
        onClose,
        onSuccess,
      },
      'Are you sure?',
    );

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Customer delete failed')).toBeInTheDocument();
    expect(screen.getByText('Customer 7 has 2 orders and cannot be deleted.')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
    // A failed attempt may be retried.
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('disables its buttons while busy and starts afresh when opened again', async () => {
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    const view = render(
      <ConfirmModal show objectName="Product" action="delete" onConfirm={onConfirm} onClose={() => {}}>
        Sure?
      </ConfirmModal>,
    );

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    // Busy: aria-disabled, so it keeps the keyboard focus.
    expect(screen.getByRole('button', { name: 'Confirm' }).getAttribute('aria-disabled')).toBe('true');
    expect((screen.getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled).toBe(true);
    finish();
    expect(await screen.findByText('Product delete successful')).toBeInTheDocument();

    const again = (show: boolean) => (
      <ConfirmModal show={show} objectName="Product" action="delete" onConfirm={onConfirm} onClose={() => {}}>
        Sure?
      </ConfirmModal>
    );
    view.rerender(again(false));
    view.rerender(again(true));
    expect(screen.queryByText('Product delete successful')).toBeNull();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
  });
});
