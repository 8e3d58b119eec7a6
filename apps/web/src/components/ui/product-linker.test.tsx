import type { Product } from '@desk/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { ok, stubApi } from '../../test/fake-api';
import { aProduct } from '../../test/records';
import { renderWithQuery } from '../../test/render-with-query';
import { ProductLinker } from './product-linker';

const product = (id: number, itemNo: string, itemDescription: string): Product =>
  aProduct({ id, itemNo, itemDescription, wholesalePrice: 10, modifierCostIncrease: 0, version: 1 });

const parts = [
  product(4, 'HNG-1', '#1 hinge, 14 gauge'),
  product(9, 'RLR-10', '10-ball nylon roller'),
  product(15, 'SPR-250', 'Torsion spring 0.250 x 2 in x 30 in, 25k cycles'),
];

/** The URLs of the product list requests the stubbed fetch saw. */
const productRequests = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/products/'));

async function chooseProduct(user: ReturnType<typeof userEvent.setup>, search: string, label: string) {
  await user.type(await screen.findByLabelText('Product'), search);
  await user.click(await screen.findByRole('option', { name: label }));
}

/** Opens the linker on the stubbed product list; `onLink` answers as the test needs. */
function openLinker(linkType: 'order' | 'package', onLink: Mock, title?: string) {
  const fetchMock = stubApi({ 'GET /api/products/': ok(parts) });
  const handlers = { onLink, onCreated: vi.fn(), onClose: vi.fn() };
  const user = userEvent.setup();
  renderWithQuery(<ProductLinker show linkType={linkType} {...handlers} title={title} />);
  return { fetchMock, user, ...handlers };
}

describe('ProductLinker', () => {
  it('loads the product list once on opening, searches it and links with a quantity', async () => {
    const { fetchMock, user, onLink, onCreated, onClose } = openLinker('order', vi.fn().mockResolvedValue(undefined));

    expect(screen.getByRole('dialog', { name: 'Select Product' })).toBeInTheDocument();
    expect(screen.getByRole('status').textContent).toContain('Loading...');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());

    await user.type(screen.getByLabelText('Product'), 'zzz');
    expect(screen.getByText('No options')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Product'));
    // By id, by item number or by description.
    await user.type(screen.getByLabelText('Product'), '15');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'SPR-250 - Torsion spring 0.250 x 2 in x 30 in, 25k cycles',
    ]);
    await user.clear(screen.getByLabelText('Product'));
    await chooseProduct(user, 'roller', 'RLR-10 - 10-ball nylon roller');

    const add = screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    const quantity = screen.getByPlaceholderText('Enter Quantity');
    expect(quantity.getAttribute('min')).toBe('1');
    await user.type(quantity, '12');
    await user.click(add);

    await waitFor(() => expect(onLink).toHaveBeenCalledWith(parts[1], 12));
    expect(onCreated).toHaveBeenCalledTimes(1);
    // An order linker stays open for the next part.
    expect(onClose).not.toHaveBeenCalled();
    expect(await screen.findByText('Added 12 × RLR-10')).toBeInTheDocument();
    expect(productRequests(fetchMock)).toEqual(['/api/products/']);
  });

  it('lists parts only for a package, then calls onCreated and closes', async () => {
    const { fetchMock, user, onLink, onCreated, onClose } = openLinker(
      'package',
      vi.fn().mockResolvedValue(undefined),
      'Add Part',
    );

    expect(screen.getByRole('dialog', { name: 'Add Part' })).toBeInTheDocument();
    await chooseProduct(user, 'HNG', 'HNG-1 - #1 hinge, 14 gauge');
    await user.type(screen.getByPlaceholderText('Enter Quantity'), '4');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onLink).toHaveBeenCalledWith(parts[0], 4);
    expect(onCreated).toHaveBeenCalledTimes(1);
    expect(productRequests(fetchMock)).toEqual(['/api/products/?kind=part']);
  });

  it('shows why a package link failed, stays open and still calls onCreated', async () => {
    const { user, onCreated, onClose } = openLinker(
      'package',
      vi.fn().mockRejectedValue(new ApiError('This part is already in the package.', 409)),
    );

    await chooseProduct(user, 'spring', 'SPR-250 - Torsion spring 0.250 x 2 in x 30 in, 25k cycles');
    await user.type(screen.getByPlaceholderText('Enter Quantity'), '2');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('This part is already in the package.')).toBeInTheDocument();
    expect(onCreated).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('does not load while closed, and loads again on the next opening', async () => {
    const fetchMock = stubApi({ 'GET /api/products/': ok(parts) });
    const props = { linkType: 'quote' as const, onLink: vi.fn(), onCreated: vi.fn(), onClose: vi.fn() };
    const view = renderWithQuery(<ProductLinker show={false} {...props} />);
    expect(productRequests(fetchMock)).toEqual([]);

    view.rerender(<ProductLinker show {...props} />);
    await screen.findByLabelText('Product');
    await waitFor(() => expect(productRequests(fetchMock)).toHaveLength(1));
    view.rerender(<ProductLinker show={false} {...props} />);
    view.rerender(<ProductLinker show {...props} />);
    await waitFor(() => expect(productRequests(fetchMock)).toHaveLength(2));
  });
});
