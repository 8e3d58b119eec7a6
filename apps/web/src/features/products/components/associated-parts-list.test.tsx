import type { AssociatedPart } from '@desk/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failed, ok, stubApi } from '../../../test/fake-api';
import { renderWithClient } from '../test/render-with-client';
import { AssociatedPartsList } from './associated-parts-list';

/** Empties a field and types `value` into it. */
const retype = async (field: HTMLElement, value: string) => {
  await userEvent.clear(field);
  await userEvent.type(field, value);
};

const hinge: AssociatedPart = {
  id: 501,
  quantity: 10,
  child_id: 20,
  child_itemNo: 'HNG-2',
  child_itemDescription: 'Hinge #2, 14 gauge',
  child_wholesalePrice: 2.15,
  child_productType_type: 'Hardware',
};

describe('AssociatedPartsList', () => {
  it('enables the inline quantity Save only when the value differs from the stored one', async () => {
    let stored = 10;
    const updates: unknown[] = [];
    stubApi({
      'GET /api/package/associated-parts/12': () => ok([{ ...hinge, quantity: stored }]),
      'PUT /api/package/associated-parts/update/501': ({ body }) => {
        const row = JSON.parse(body ?? 'null') as AssociatedPart;
        updates.push(row);
        stored = row.quantity;
        return ok(row);
      },
    });
    renderWithClient(<AssociatedPartsList packageId={12} />);

    const quantity = (await screen.findByLabelText('Quantity of HNG-2')) as HTMLInputElement;
    expect(screen.getByText('Hinge #2, 14 gauge')).toBeInTheDocument();
    expect(screen.getByText('Hardware')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save quantity of HNG-2' }) as HTMLButtonElement;
    expect(quantity.value).toBe('10');
    expect(quantity.min).toBe('1');
    expect(save.disabled).toBe(true);

    await retype(quantity, '12');
    expect(save.disabled).toBe(false);

    await retype(quantity, '10');
    expect(save.disabled).toBe(true);

    await retype(quantity, '0');
    expect(save.disabled).toBe(true);

    await retype(quantity, '14');
    await userEvent.click(save);

    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toMatchObject({ id: 501, child_id: 20, quantity: 14 });
    // Reloaded: 14 is now the stored value.
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save quantity of HNG-2' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect((screen.getByLabelText('Quantity of HNG-2') as HTMLInputElement).value).toBe('14');
  });

  it('deletes a part after confirmation and shows a refusal', async () => {
    stubApi({
      'GET /api/package/associated-parts/12': ok([hinge]),
      'DELETE /api/package/associated-parts/delete/501': failed(404, 'Associated part 501 not found'),
    });
    renderWithClient(<AssociatedPartsList packageId={12} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Delete associated part HNG-2' }));
    expect(screen.getByText(/remove HNG-2 from this package \(id: 501\)/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Associated Part delete failed')).toBeInTheDocument();
    expect(screen.getByText('Associated part 501 not found')).toBeInTheDocument();
  });
});
