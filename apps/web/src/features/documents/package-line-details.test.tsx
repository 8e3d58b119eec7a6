import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../test/fake-api';
import { renderWithQuery } from '../../test/render-with-query';
import { PackageLineDetails } from './package-line-details';
import { aProduct, appliedHighLift, assocRow, bodyOf, highLift, modRow, packageLine } from './test/fixtures';

function stub(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/order-parts/sub-parts/23': ok([assocRow, modRow]),
    'GET /api/package/modifiers/package/75': ok([highLift]),
    'GET /api/orders/package-modifiers/23': ok([appliedHighLift]),
    ...extra,
  });
}

describe('PackageLineDetails', () => {
  it('lists sub-parts; modifier rows are marked and have Edit Notes but no Delete', async () => {
    stub();
    renderWithQuery(<PackageLineDetails kind="order" docId={13} line={packageLine()} />);

    const table = await screen.findByRole('table', { name: 'Sub-parts of PKG-1607-INS' });
    await within(table).findByText('HNG-01');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Quantity', 'Product ID', 'Item No', 'Item Description', 'Notes', 'Inches', 'Product Type', 'Actions']);
    expect(screen.getByText('Parts from Modifiers')).toBeInTheDocument();

    const assoc = within(table).getByText('HNG-01').closest('tr')!;
    expect(within(assoc).getByRole('button', { name: 'Delete HNG-01' })).toBeInTheDocument();
    expect(within(assoc).getByRole('button', { name: 'Edit notes of HNG-01' })).toBeInTheDocument();

    const mod = within(table).getByText('HLK-2-24').closest('tr')!;
    expect(mod.className).toContain('table-info');
    expect(within(mod).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(mod).getByRole('button', { name: 'Edit notes of HLK-2-24' })).toBeInTheDocument();
    expect(within(mod).getByText('24')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Package modifiers' })).toBeInTheDocument();
  });

  it('edits the notes and inches of a Lift modifier part', async () => {
    const fetchMock = stub({
      'PUT /api/order-parts/update-subpart-mod-notes/23': ok({ ...modRow, notes: 'HL 30 in', inches: '30' }),
    });
    const user = userEvent.setup();
    renderWithQuery(<PackageLineDetails kind="order" docId={13} line={packageLine()} />);

    await user.click(await screen.findByRole('button', { name: 'Edit notes of HLK-2-24' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Notes - HLK-2-24' });
    const notes = within(dialog).getByLabelText('Notes');
    expect((notes as HTMLTextAreaElement).value).toBe('HL 24 in, jackshaft opener');
    await user.clear(notes);
    await user.type(notes, 'HL 30 in');
    await user.clear(within(dialog).getByLabelText('Inches'));
    await user.type(within(dialog).getByLabelText('Inches'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await waitFor(() =>
      expect(bodyOf(fetchMock, 'PUT', '/api/order-parts/update-subpart-mod-notes/23')).toEqual({
        parentId: 23,
        rowId: 11,
        notes: 'HL 30 in',
        inches: '30',
      }),
    );
    expect(await screen.findByText('HL 30 in')).toBeInTheDocument();
  });

  it('adds a part with the parts-only linker (quote paths)', async () => {
    const hinge = aProduct({
      id: 10,
      itemNo: 'HNG-04',
      itemDescription: '#4 residential hinge',
      wholesalePrice: 3.5,
      multiplierCategory: null,
      productType: { id: 4, type: 'Hardware' },
      windowsData: null,
      isPackage: false,
    });
    const fetchMock = stubApi({
      'GET /api/quote-parts/sub-parts/23': ok([assocRow]),
      'GET /api/package/modifiers/package/75': ok([]),
      'GET /api/quotes/package-modifiers/23': ok([]),
      'GET /api/products/': ok([hinge]),
      'PUT /api/quote-parts/update_subpart_quote_list/23': ok({
        ...assocRow,
        rowId: 2,
        product: { ...hinge, productType: 'Hardware' },
      }),
    });
    const user = userEvent.setup();
    renderWithQuery(<PackageLineDetails kind="quote" docId={7} line={packageLine()} />);

    await user.click(await screen.findByRole('button', { name: '+ Add Part' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Product' });
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/products/?kind=part')).toBe(true);
    await user.type(within(dialog).getByLabelText('Product'), 'HNG-04');
    await user.click(await screen.findByText('HNG-04 - #4 residential hinge'));
    await user.type(within(dialog).getByPlaceholderText('Enter Quantity'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    await waitFor(() =>
      expect(bodyOf(fetchMock, 'PUT', '/api/quote-parts/update_subpart_quote_list/23')).toEqual({
        child: { id: 10 },
        quantity: 2,
      }),
    );
  });
});
