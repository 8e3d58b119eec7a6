import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok, stubApi, failed } from '../../../test/fake-api';
import { aPackage, aProduct, PRODUCT_TYPES, renderWithClient } from '../test/render-with-client';
import { PACKAGE_TYPE_WARNING, PRODUCT_CREATED_WARNING, ProductEditorModal } from './product-editor-modal';

const noop = () => undefined;

describe('ProductEditorModal', () => {
  it('shows both red warnings on the package sections of an unsaved product', async () => {
    stubApi({ 'GET /api/dropdown/product-type': ok(PRODUCT_TYPES) });
    renderWithClient(<ProductEditorModal show productId={null} onClose={noop} />);

    expect(await screen.findByRole('heading', { name: 'Create Product' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toBeInTheDocument();
    // One of each in Package Modifiers and in Associated Parts.
    const typeWarnings = screen.getAllByText(PACKAGE_TYPE_WARNING);
    expect(typeWarnings).toHaveLength(2);
    expect(typeWarnings[0]!.closest('.alert')?.classList.contains('alert-danger')).toBe(true);
    expect(screen.getAllByText(PRODUCT_CREATED_WARNING)).toHaveLength(2);

    // Choosing a package type leaves only "requires the product to be created".
    await userEvent.selectOptions(await screen.findByLabelText('Product Type'), 'Door Package');
    expect(screen.queryByText(PACKAGE_TYPE_WARNING)).toBeNull();
    expect(screen.getAllByText(PRODUCT_CREATED_WARNING)).toHaveLength(2);
  });

  it('shows only the package-type warning for a saved product that is not a package', async () => {
    stubApi({
      'GET /api/dropdown/product-type': ok(PRODUCT_TYPES),
      'GET /api/products/7': ok(aProduct()),
    });
    renderWithClient(<ProductEditorModal show productId={7} onClose={noop} />);

    expect(await screen.findByDisplayValue('HL-KIT-12')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Edit Product' })).toBeInTheDocument();
    expect(screen.getAllByText(PACKAGE_TYPE_WARNING)).toHaveLength(2);
    expect(screen.queryByText(PRODUCT_CREATED_WARNING)).toBeNull();
  });

  it('opens the modifiers and associated parts of a saved package', async () => {
    stubApi({
      'GET /api/dropdown/product-type': ok(PRODUCT_TYPES),
      'GET /api/products/12': ok(aPackage()),
      'GET /api/package/modifiers/package/12': ok([]),
      'GET /api/package/associated-parts/12': ok([]),
      'GET /api/products/': ok([aProduct()]),
    });
    renderWithClient(<ProductEditorModal show productId={12} onClose={noop} />);

    expect(await screen.findByDisplayValue('DP-1607-INS')).toBeInTheDocument();
    expect(screen.queryByText(PACKAGE_TYPE_WARNING)).toBeNull();
    expect(screen.queryByText(PRODUCT_CREATED_WARNING)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Package Modifiers' }));
    expect(await screen.findByRole('button', { name: 'Add Lift modifier' })).toBeInTheDocument();
    expect(screen.getByText('No notes added yet')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Associated Parts' }));
    expect(await screen.findByText('No associated parts yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Part' })).toBeInTheDocument();
  });

  it("says 'Product Type options not loaded' while the product types load", async () => {
    // An answer that has not arrived yet.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(noop)),
    );
    renderWithClient(<ProductEditorModal show productId={null} onClose={noop} />);

    expect(await screen.findByText('Product Type options not loaded')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Product Type' })).toBeNull();
  });

  it('disables Modifier Cost Increase without a product type and for a package type', async () => {
    stubApi({ 'GET /api/dropdown/product-type': ok(PRODUCT_TYPES) });
    renderWithClient(<ProductEditorModal show productId={null} onClose={noop} />);

    const type = await screen.findByLabelText('Product Type');
    const modifierCost = screen.getByLabelText('Modifier Cost Increase') as HTMLInputElement;
    expect(modifierCost.disabled).toBe(true);

    await userEvent.selectOptions(type, 'Part');
    expect(modifierCost.disabled).toBe(false);

    await userEvent.selectOptions(type, 'Door Package');
    expect(modifierCost.disabled).toBe(true);

    await userEvent.selectOptions(type, 'Select Product Type');
    expect(modifierCost.disabled).toBe(true);
  });

  it('creates, then switches to edit mode on the new id and reloads it', async () => {
    const created = aPackage({ id: 42, itemNo: 'DP-0907', itemDescription: '9x7 door package', version: 1 });
    let createBody: unknown = null;
    const fetchMock = stubApi({
      'GET /api/dropdown/product-type': ok(PRODUCT_TYPES),
      'POST /api/products/create': ({ body }) => {
        createBody = JSON.parse(body ?? 'null');
        return { status: 201, body: { status: 'OK', data: created, message: 'Product created' } };
      },
      'GET /api/products/42': ok(created),
    });
    renderWithClient(<ProductEditorModal show productId={null} onClose={noop} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Item No is required')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Item No'), 'DP-0907');
    await userEvent.type(screen.getByLabelText('Item Description'), '9x7 door package');
    await userEvent.type(screen.getByLabelText('Wholesale Price'), '899.5');
    await userEvent.selectOptions(screen.getByLabelText('Product Type'), 'Door Package');
    await userEvent.selectOptions(screen.getByLabelText('Multiplier Category'), 'Residential');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Create succeeded - ID: 42')).toBeInTheDocument();
    expect(createBody).toMatchObject({
      itemNo: 'DP-0907',
      itemDescription: '9x7 door package',
      wholesalePrice: 899.5,
      productType: { id: 2 },
      multiplierCategory: 'Residential',
    });
    expect(screen.getByRole('heading', { name: 'Edit Product' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByText(PRODUCT_CREATED_WARNING)).toBeNull();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/products/42'))).toBe(true),
    );
  });

  it('sends the version back on update and shows the server refusal', async () => {
    const bodies: unknown[] = [];
    stubApi({
      'GET /api/dropdown/product-type': ok(PRODUCT_TYPES),
      'GET /api/products/7': ok(aProduct()),
      'PUT /api/products/update/7': ({ body }) => {
        bodies.push(JSON.parse(body ?? 'null'));
        return bodies.length === 1
          ? ok(aProduct({ itemDescription: 'Renamed', version: 4 }))
          : failed(409, 'This product was changed by someone else. Reload it and try again.');
      },
    });
    renderWithClient(<ProductEditorModal show productId={7} onClose={noop} />);

    const description = await screen.findByLabelText('Item Description');
    await userEvent.clear(description);
    await userEvent.type(description, 'Renamed');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Update Succeeded')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ itemDescription: 'Renamed', version: 3, productType: { id: 1 } });

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const toast = (await screen.findByText('Update failed')).closest('[data-testid="toast"]') as HTMLElement;
    expect(within(toast).getByText(/changed by someone else/)).toBeInTheDocument();
    // The failure replaced the success instead of standing beside it.
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(bodies[1]).toMatchObject({ version: 4 });
  });

  it('opens with the cursor in Item No', async () => {
    stubApi({ 'GET /api/dropdown/product-type': ok(PRODUCT_TYPES), 'GET /api/products/7': ok(aProduct()) });
    renderWithClient(<ProductEditorModal show productId={7} onClose={noop} />);
    const itemNo = await screen.findByLabelText('Item No');
    await waitFor(() => expect(document.activeElement).toBe(itemNo));
  });

  it('closes at once when nothing changed, and asks "Discard changes?" when the details changed', async () => {
    stubApi({ 'GET /api/dropdown/product-type': ok(PRODUCT_TYPES), 'GET /api/products/7': ok(aProduct()) });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<ProductEditorModal show productId={7} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    await screen.findByDisplayValue('HL-KIT-12');

    await user.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull();

    await user.selectOptions(within(dialog).getByLabelText('Multiplier Category'), 'Opener');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect((within(dialog).getByLabelText('Multiplier Category') as HTMLSelectElement).value).toBe('Opener');

    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('after a create, closing asks nothing and the keyboard stays in the modal', async () => {
    const created = aProduct({ id: 42, itemNo: 'SP-250', itemDescription: null, version: 1 });
    stubApi({
      'GET /api/dropdown/product-type': ok(PRODUCT_TYPES),
      'POST /api/products/create': { status: 201, body: { status: 'OK', data: created, message: 'Product created' } },
      'GET /api/products/42': ok(created),
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<ProductEditorModal show productId={null} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Product' });
    await user.type(within(dialog).getByLabelText('Item No'), 'SP-250');
    await user.type(within(dialog).getByLabelText('Wholesale Price'), '145.5');
    await user.selectOptions(within(dialog).getByLabelText('Product Type'), 'Part');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const toast = (await screen.findByText('Create succeeded - ID: 42')).closest('[data-testid="toast"]')!;
    expect(within(toast as HTMLElement).getByText('Product created')).toBeInTheDocument();
    expect(dialog.contains(toast)).toBe(false);
    expect(dialog.querySelector('.alert-success')).toBeNull();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();
  });
});
