import type { PackageModifier } from '@desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../test/fake-api';
import { aProduct, renderWithClient } from '../test/render-with-client';
import { PackageModifiersPanel } from './package-modifiers-panel';

const highLift: PackageModifier = {
  id: 81,
  packageId: 12,
  category: 'Lift',
  name: 'High lift',
  quantity: 1,
  product: { id: 7, itemNo: 'HL-KIT-12', itemDescription: 'High-lift track conversion kit', modifierCostIncrease: 38 },
  notes: 'HL 24 in, jackshaft opener',
  version: 1,
};

describe('PackageModifiersPanel', () => {
  it('groups the modifiers and shows the Lift notes in LiftNotes', async () => {
    stubApi({
      'GET /api/package/modifiers/package/12': ok([highLift]),
      'GET /api/products/': ok([aProduct()]),
    });
    renderWithClient(<PackageModifiersPanel packageId={12} />);

    const lift = await screen.findByRole('region', { name: 'Lift modifiers' });
    expect(within(lift).getByText('High lift')).toBeInTheDocument();
    expect(within(lift).getByText(/HL-KIT-12/)).toBeInTheDocument();
    const liftNotes = screen.getByRole('region', { name: 'LiftNotes modifiers' });
    expect(within(liftNotes).getByText('HL 24 in, jackshaft opener')).toBeInTheDocument();
    const mount = screen.getByRole('region', { name: 'Mount modifiers' });
    expect(within(mount).getByText('No modifiers yet')).toBeInTheDocument();
  });

  it("says 'No notes added yet' and adds a modifier from the group's popover", async () => {
    const created: unknown[] = [];
    stubApi({
      'GET /api/package/modifiers/package/12': ok([]),
      'GET /api/products/': ok([aProduct()]),
      'POST /api/package/modifiers/create/12': ({ body }) => {
        created.push(JSON.parse(body ?? 'null'));
        return { status: 201, body: { status: 'OK', data: highLift, message: '' } };
      },
    });
    renderWithClient(<PackageModifiersPanel packageId={12} />);

    expect(await screen.findByText('No notes added yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Inches modifier' }));
    expect(screen.getByText('Add Inches modifier', { selector: 'h3' })).toBeInTheDocument();
    expect(screen.getByLabelText('Number of Track Inches')).toBeInTheDocument();

    // Name and product are required by the shared schema.
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Product is required')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Name'), 'Extra track');
    await userEvent.clear(screen.getByLabelText('Quantity'));
    await userEvent.type(screen.getByLabelText('Quantity'), '2');
    await userEvent.type(screen.getByLabelText('Product'), 'HL-KIT');
    await userEvent.click(await screen.findByText('7 - HL-KIT-12 - High-lift track conversion kit, 12 in'));
    await userEvent.type(screen.getByLabelText('Number of Track Inches'), '24');
    // Still open after picking from the product menu.
    expect(screen.getByText('Add Inches modifier', { selector: 'h3' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      packageId: 12,
      category: 'Inches',
      name: 'Extra track',
      quantity: 2,
      product: { id: 7 },
      notes: '24',
    });
  });
});
