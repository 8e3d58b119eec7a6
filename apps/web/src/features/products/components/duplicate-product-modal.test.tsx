import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failed, stubApi } from '../../../test/fake-api';
import { aPackage, renderWithClient } from '../test/render-with-client';
import { DuplicateProductModal } from './duplicate-product-modal';

describe('DuplicateProductModal', () => {
  it("prefills the item number with ' - copy' and posts the edited one", async () => {
    const copy = aPackage({ id: 13, itemNo: 'DP-1607-INS-B' });
    let body: unknown = null;
    stubApi({
      'POST /api/products/duplicate/12': (request) => {
        body = JSON.parse(request.body ?? 'null');
        return { status: 201, body: { status: 'OK', data: copy, message: 'Product duplicated' } };
      },
    });
    const onDuplicated = vi.fn();
    renderWithClient(
      <DuplicateProductModal show source={aPackage()} onClose={() => undefined} onDuplicated={onDuplicated} />,
    );

    expect(screen.getByRole('heading', { name: 'Duplicate Product' })).toBeInTheDocument();
    expect((screen.getByLabelText('Product ID') as HTMLInputElement).value).toBe('12');
    const itemNo = screen.getByLabelText('Item No') as HTMLInputElement;
    expect(itemNo.value).toBe('DP-1607-INS - copy');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();

    await userEvent.clear(itemNo);
    await userEvent.type(itemNo, 'DP-1607-INS-B');
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate' }));

    await vi.waitFor(() => expect(onDuplicated).toHaveBeenCalledWith(copy));
    expect(body).toEqual({ itemNo: 'DP-1607-INS-B' });
  });

  it("shows 'Create failed' with the server's reason", async () => {
    stubApi({ 'POST /api/products/duplicate/12': failed(409, 'Item number DP-1607-INS - copy is already taken') });
    const onDuplicated = vi.fn();
    renderWithClient(
      <DuplicateProductModal show source={aPackage()} onClose={() => undefined} onDuplicated={onDuplicated} />,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText('Create failed')).toBeInTheDocument();
    expect(screen.getByText('Item number DP-1607-INS - copy is already taken')).toBeInTheDocument();
    expect(onDuplicated).not.toHaveBeenCalled();
  });
});
