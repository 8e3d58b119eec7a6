import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ModifierCategory } from '@desk/domain';
import { ModifierForm, type ModifierFormContext, type ModifierProductOption } from './modifier-form';

const products: ModifierProductOption[] = [
  { id: 31, itemNo: 'SPR-25K-250', itemDescription: 'Torsion spring pair, 25k cycle, .250 x 2 x 32' },
];
const noop = () => undefined;

/** The form for `category` in `context`, with the one product and handlers that do nothing. */
const renderForm = (category: ModifierCategory, context: ModifierFormContext) =>
  render(<ModifierForm category={category} context={context} products={products} onSubmit={noop} onCancel={noop} />);

describe('ModifierForm', () => {
  it('shows name, quantity (default 1), product and notes for an ordinary category', () => {
    renderForm('Springs', 'product');

    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    const quantity = screen.getByLabelText('Quantity') as HTMLInputElement;
    expect(quantity.value).toBe('1');
    expect(quantity.type).toBe('number');
    expect(quantity.min).toBe('1');
    expect(screen.getByLabelText('Product')).toBeInTheDocument();
    expect(screen.getByLabelText('Notes').tagName).toBe('TEXTAREA');
    expect(screen.queryByLabelText('Inches')).toBeNull();
  });

  it('hides the name, quantity and product rows for LiftNotes', () => {
    renderForm('LiftNotes', 'product');

    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(screen.queryByLabelText('Quantity')).toBeNull();
    expect(screen.queryByLabelText('Product')).toBeNull();
    expect(screen.getByLabelText('Notes')).toBeInTheDocument();
  });

  it("labels the Inches notes 'Number of Track Inches' on a package and 'Number of Inches' on a document", () => {
    const { unmount } = renderForm('Inches', 'product');
    expect(screen.getByLabelText('Number of Track Inches')).toBeInTheDocument();
    expect(screen.queryByLabelText('Notes')).toBeNull();
    unmount();

    renderForm('Inches', 'document');
    expect(screen.getByLabelText('Number of Inches')).toBeInTheDocument();
    expect(screen.queryByLabelText('Inches')).toBeNull();
  });

  it('shows the inches field only for a Lift modifier on a document', () => {
    const { unmount } = renderForm('Lift', 'document');
    expect(screen.getByLabelText('Inches')).toBeInTheDocument();
    unmount();

    renderForm('Lift', 'product');
    expect(screen.queryByLabelText('Inches')).toBeNull();
  });

  it('disables Save only when name, quantity and product are all empty', async () => {
    renderForm('Mount', 'product');
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(false); // quantity starts at 1

    await userEvent.clear(screen.getByLabelText('Quantity'));
    expect(save.disabled).toBe(true);

    await userEvent.type(screen.getByLabelText('Name'), 'Rear mount');
    expect(save.disabled).toBe(false);
  });

  it('hands over the values and shows field errors from validate', async () => {
    const onSubmit = vi.fn();
    render(
      <ModifierForm
        category="Lift"
        context="product"
        initial={{ name: 'High lift', quantity: '2', product: products[0]!, notes: 'HL 24 in' }}
        products={products}
        validate={(v) => (v.name === '' ? { name: 'Name is required' } : {})}
        onSubmit={onSubmit}
        onCancel={noop}
      />,
    );
    expect(screen.getByText(/SPR-25K-250/)).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Name'), 'Vertical lift');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Vertical lift',
      quantity: '2',
      product: products[0],
      notes: 'HL 24 in',
      inches: '',
    });
  });
});
