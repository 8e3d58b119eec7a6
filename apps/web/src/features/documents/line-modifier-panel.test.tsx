import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../test/fake-api';
import { renderWithQuery } from '../../test/render-with-query';
import { expectToContainEach, popoverText } from '../../test/popover';
import { LineModifierPanel } from './line-modifier-panel';
import { appliedHighLift, bodyOf, frontMount, highLift, packageLine } from './test/fixtures';

const liftNote = {
  id: 5,
  packageId: 75,
  category: 'LiftNotes' as const,
  name: null,
  quantity: 1,
  product: null,
  notes: 'Check headroom before ordering',
  version: 1,
};

describe('LineModifierPanel', () => {
  it('shows applied modifiers in primary, the rest in secondary, and the lift notes', async () => {
    stubApi({
      'GET /api/package/modifiers/package/75': ok([highLift, frontMount, liftNote]),
      'GET /api/orders/package-modifiers/23': ok([appliedHighLift]),
    });
    renderWithQuery(<LineModifierPanel kind="order" docId={13} lineId={23} packageId={75} />);

    const lift = await screen.findByRole('region', { name: 'Lift modifiers' });
    const liftStar = within(lift).getByRole('button', { name: 'Remove modifier High lift' });
    expect(liftStar.className).toContain('btn-primary');
    expect(liftStar.getAttribute('aria-pressed')).toBe('true');
    const mount = screen.getByRole('region', { name: 'Mount modifiers' });
    expect(within(mount).getByRole('button', { name: 'Apply modifier Front mount' }).className).toContain(
      'btn-secondary',
    );

    const notes = screen.getByRole('region', { name: 'LiftNotes modifiers' });
    expect(notes.textContent).toContain('High lift: HL 24 in, jackshaft opener · 24 in');
    expect(notes.textContent).toContain('Check headroom before ordering');
    expect((within(notes).getByRole('button') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('region', { name: 'Springs modifiers' }).textContent).toContain('None for this package');
    // Orders have no eye popover.
    expect(screen.queryByRole('button', { name: /Show modifier/ })).toBeNull();
  });

  it("says 'No notes added yet' when there are no lift notes", async () => {
    stubApi({
      'GET /api/package/modifiers/package/75': ok([highLift]),
      'GET /api/orders/package-modifiers/23': ok([]),
    });
    renderWithQuery(<LineModifierPanel kind="order" docId={13} lineId={23} packageId={75} />);
    const notes = await screen.findByRole('region', { name: 'LiftNotes modifiers' });
    expect(notes.textContent).toContain('No notes added yet');
  });

  it('star on POSTs the upsert, star off DELETEs the applied modifier', async () => {
    const appliedMount = {
      id: 91,
      modifierId: 8,
      assocPackageModifier: { id: 8, name: 'Front mount', category: 'Mount' as const, notes: null, quantity: 1 },
      assocProduct: { ...frontMount.product!, modifierCostIncrease: 0 },
      notes: null,
      inches: null,
    };
    const fetchMock = stubApi({
      'GET /api/package/modifiers/package/75': ok([highLift, frontMount]),
      'GET /api/quotes/package-modifiers/23': ok([appliedHighLift]),
      'GET /api/quote-parts/sub-parts/23': ok([]),
      'GET /api/quote-parts/7': ok([packageLine()]),
      'POST /api/quotes/package-modifiers/upsert/23': ok({
        ...appliedMount,
        line: packageLine(),
        totals: { subTotal: 2480.5, tax: 0, total: 2480.5 },
        totalsCents: { subTotalCents: 248050, taxCents: 0, totalCents: 248050 },
      }),
      // The server answers the line without the high lift's 185.00 and the new totals.
      'DELETE /api/quotes/package-modifiers/delete/90': ok({
        id: 90,
        line: packageLine({
          modCostIncrease: 48,
          unitPrice: 1055.25,
          linePrice: 2110.5,
          price: {
            ...packageLine().price,
            modCostCents: 4800,
            unitPriceCents: 105525,
            extendedCents: 211050,
            linePriceCents: 211050,
          },
        }),
        totals: { subTotal: 2110.5, tax: 0, total: 2110.5 },
        totalsCents: { subTotalCents: 211050, taxCents: 0, totalCents: 211050 },
      }),
    });
    const user = userEvent.setup();
    renderWithQuery(<LineModifierPanel kind="quote" docId={7} lineId={23} packageId={75} />);

    await user.click(await screen.findByRole('button', { name: 'Apply modifier Front mount' }));
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'POST', '/api/quotes/package-modifiers/upsert/23')).toEqual({
        id: 8,
        notes: null,
        inches: null,
      }),
    );
    const mountStar = await screen.findByRole('button', { name: 'Remove modifier Front mount' });
    expect(mountStar.className).toContain('btn-primary');

    await user.click(screen.getByRole('button', { name: 'Remove modifier High lift' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => url === '/api/quotes/package-modifiers/delete/90' && init?.method === 'DELETE',
        ),
      ).toBe(true),
    );
    expect(await screen.findByRole('button', { name: 'Apply modifier High lift' })).toBeInTheDocument();
  });

  it("opens 'Modifier Details', and on quotes an eye popover, with category, name, notes, quantity and part", async () => {
    const inches = {
      ...highLift,
      id: 6,
      category: 'Inches' as const,
      name: 'Number of Track Inches',
      quantity: 2,
      notes: '24',
      product: {
        id: 62,
        itemNo: 'TRK-EXT-2-12',
        itemDescription: '2" vertical track extension',
        modifierCostIncrease: 24,
      },
    };
    stubApi({
      'GET /api/package/modifiers/package/75': ok([inches]),
      'GET /api/quotes/package-modifiers/23': ok([]),
    });
    const user = userEvent.setup();
    renderWithQuery(<LineModifierPanel kind="quote" docId={7} lineId={23} packageId={75} />);

    const region = await screen.findByRole('region', { name: 'Inches modifiers' });
    const text = await popoverText(user, within(region).getByRole('button', { name: /^Number of Track Inches/ }));
    expect(within(screen.getByRole('tooltip')).getByText('Modifier Details')).toBeInTheDocument();
    expectToContainEach(text, [
      'CategoryInches',
      'NameNumber of Track Inches',
      'Number of Inches24',
      'Quantity2',
      'TRK-EXT-2-12',
    ]);

    await user.click(within(region).getByRole('button', { name: 'Show modifier Number of Track Inches' }));
    const popovers = await screen.findAllByRole('tooltip');
    expect(popovers.some((p) => (p.textContent ?? '').includes('Associated partTRK-EXT-2-12'))).toBe(true);
  });
});
