import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failed, ok, stubApi } from '../../test/fake-api';
import { renderWithQuery } from '../../test/render-with-query';
import { ProductCart } from './product-cart';
import { bodyOf, packageLine, partLine, requestedUrls } from './test/fixtures';
import { SERVER_DOCUMENTS } from './test/server-documents';

const config = ok({ companyName: 'Garage Door Supply', taxRate: 0.0975 });

const pricingRows = () => {
  const block = screen.getByRole('region', { name: 'Pricing' });
  return within(block)
    .getAllByRole('row')
    .map((row) => row.textContent);
};

describe('ProductCart', () => {
  it('strikes a part line through and totals only the package line', async () => {
    stubApi({ 'GET /api/config': config, 'GET /api/order-parts/13': ok([packageLine(), partLine()]) });
    renderWithQuery(<ProductCart kind="order" docId={13} useTax={false} />);

    const table = await screen.findByRole('table', { name: 'Product Cart' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers.slice(1)).toEqual([
      'Quantity',
      'Item No',
      'ItemDescription',
      'Windows/Inserts',
      'Price Per Unit',
      'Line Price',
      'Price Override',
      'Actions',
    ]);
    const partRow = within(table).getByText('OPN-JS-WM').closest('tr')!;
    const struck = within(partRow).getAllByText('418.50');
    expect(struck).toHaveLength(2); // per unit and line
    for (const el of struck) expect(el.className).toContain('text-decoration-line-through');
    const packageRow = within(table).getByText('PKG-1607-INS').closest('tr')!;
    expect(within(packageRow).getByText('2,480.50').className).not.toContain('line-through');
    expect(within(packageRow).getByText(/Short or long panel/)).toBeTruthy();
    // Only package lines expand.
    expect(within(packageRow).getByRole('button', { name: 'Expand package line PKG-1607-INS' })).toBeTruthy();
    expect(within(partRow).queryByRole('button', { name: /Expand/ })).toBeNull();

    expect(pricingRows()).toEqual(['Sub Total2,480.50', 'Tax (9.75)(tax off)0.00', 'Total2,480.50']);
  });

  it('equals the server totals for a taxed cart with overrides (tax 92.859 -> 92.86)', async () => {
    const order21 = SERVER_DOCUMENTS.find((d) => d.name === 'order 21')!;
    stubApi({ 'GET /api/config': config, 'GET /api/order-parts/21': ok(order21.cart) });
    renderWithQuery(<ProductCart kind="order" docId={21} useTax={order21.header.useTax} />);

    await screen.findByRole('table', { name: 'Product Cart' });
    expect(order21.header.totals).toEqual({ subTotal: 952.4, tax: 92.86, total: 1045.26 });
    expect(pricingRows()).toEqual(['Sub Total952.40', 'Tax (9.75)92.86', 'Total1,045.26']);
    // An overridden part line shows its override, not struck.
    const hinges = screen.getByText('HNG-04').closest('tr')!;
    expect(within(hinges).getByText('42.00').className).not.toContain('line-through');
    expect(within(hinges).getByText('override')).toBeTruthy();
  });

  it('saves a price override on Enter and reprices from the answer, without asking again', async () => {
    const overridden = {
      ...partLine({ priceOverride: 399.99, linePrice: 399.99 }),
      pricingInfo: { ...partLine().pricingInfo, priceOverride: 399.99 },
    };
    const fetchMock = stubApi({
      'GET /api/config': config,
      'GET /api/order-parts/13': ok([packageLine(), partLine()]),
      'PUT /api/order-parts/update/24/price-override': ok({
        ...overridden,
        totals: { subTotal: 2880.49, tax: 280.85, total: 3161.34 },
      }),
    });
    const user = userEvent.setup();
    renderWithQuery(<ProductCart kind="order" docId={13} useTax />);

    const input = await screen.findByRole('spinbutton', { name: 'Price override of OPN-JS-WM' });
    expect(input.getAttribute('step')).toBe('.01');
    await user.type(input, '399.99{Enter}');

    await waitFor(() => expect(pricingRows()).toEqual(['Sub Total2,880.49', 'Tax (9.75)280.85', 'Total3,161.34']));
    expect(bodyOf(fetchMock, 'PUT', '/api/order-parts/update/24/price-override')).toEqual({ priceOverride: 399.99 });
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/order-parts/13')).toHaveLength(1);
  });

  it('clears an override with null when the field is emptied, and saves a quantity on leaving it', async () => {
    const overridden = {
      ...partLine({ priceOverride: 399.99, linePrice: 399.99 }),
      pricingInfo: { ...partLine().pricingInfo, priceOverride: 399.99 },
    };
    const fetchMock = stubApi({
      'GET /api/config': config,
      'GET /api/quote-parts/4': ok([packageLine(), overridden]),
      'PUT /api/quote-parts/update/24/price-override': ok({
        ...partLine(),
        totals: { subTotal: 2480.5, tax: 0, total: 2480.5 },
      }),
      'PUT /api/quote-parts/update/23': ok({
        ...packageLine({
          quantity: 3,
          linePrice: 3720.75,
          pricingInfo: { ...packageLine().pricingInfo, lineQuantity: 3 },
        }),
        totals: { subTotal: 3720.75, tax: 0, total: 3720.75 },
      }),
    });
    const user = userEvent.setup();
    renderWithQuery(<ProductCart kind="quote" docId={4} useTax={false} />);

    const override = await screen.findByRole('spinbutton', { name: 'Price override of OPN-JS-WM' });
    expect((override as HTMLInputElement).value).toBe('399.99');
    await user.clear(override);
    await user.tab();
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'PUT', '/api/quote-parts/update/24/price-override')).toEqual({ priceOverride: null }),
    );
    await waitFor(() => expect(pricingRows()[0]).toBe('Sub Total2,480.50'));

    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of PKG-1607-INS' });
    expect(quantity.getAttribute('min')).toBe('1');
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.tab();
    await waitFor(() => expect(pricingRows()[0]).toBe('Sub Total3,720.75'));
    expect(bodyOf(fetchMock, 'PUT', '/api/quote-parts/update/23')).toEqual({ quantity: 3 });
  });

  it("explains a line's price in the '?' popover", async () => {
    stubApi({ 'GET /api/config': config, 'GET /api/order-parts/13': ok([packageLine(), partLine()]) });
    const user = userEvent.setup();
    renderWithQuery(<ProductCart kind="order" docId={13} useTax={false} />);

    await user.click(await screen.findByRole('button', { name: 'Price breakdown of PKG-1607-INS' }));
    const popover = await screen.findByRole('tooltip');
    const text = popover.textContent ?? '';
    expect(text).toContain('Base product cost1,185.00');
    expect(text).toContain('× 0.85Sectional');
    expect(text).toContain('Base × multiplier1,007.25');
    expect(text).toContain('Modifier cost increase+ 233.00');
    expect(text).toContain('Unit price1,240.25');
    expect(text).toContain('Quantity2');
    expect(text).toContain('Line price2,480.50');
  });

  it('refuses an override with 3 decimals or below zero in plain words, sends nothing, and Escape restores it', async () => {
    const overridden = {
      ...partLine({ priceOverride: 399.99, linePrice: 399.99 }),
      pricingInfo: { ...partLine().pricingInfo, priceOverride: 399.99 },
    };
    const fetchMock = stubApi({
      'GET /api/config': config,
      'GET /api/order-parts/13': ok([packageLine(), overridden]),
    });
    const user = userEvent.setup();
    renderWithQuery(<ProductCart kind="order" docId={13} useTax />);

    const input = (await screen.findByRole('spinbutton', { name: 'Price override of OPN-JS-WM' })) as HTMLInputElement;
    expect(input.value).toBe('399.99');
    for (const typed of ['12.345', '-5']) {
      await user.clear(input);
      await user.type(input, `${typed}{Enter}`);
      expect(input.value).toBe(typed);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const message = document.getElementById(input.getAttribute('aria-describedby')!)!;
      expect(message.textContent).toBe('Use dollars and cents, e.g. 12.35');
      // Leaving the field keeps it in error; nothing is sent.
      await user.tab();
      expect(input.value).toBe(typed);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      await user.click(input);
    }
    expect(requestedUrls(fetchMock).filter((u) => u.includes('price-override'))).toEqual([]);

    await user.keyboard('{Escape}');
    expect(input.value).toBe('399.99');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Use dollars and cents, e.g. 12.35')).toBeNull();
    expect(document.body.textContent).not.toMatch(/priceOverride/);
  });

  it("maps the server's 400 to the same plain message in the field and a toast, never a schema path", async () => {
    const fetchMock = stubApi({
      'GET /api/config': config,
      'GET /api/quote-parts/4': ok([packageLine(), partLine()]),
      'PUT /api/quote-parts/update/24/price-override': failed(400, 'body.priceOverride: must have at most 2 decimals'),
    });
    const user = userEvent.setup();
    renderWithQuery(<ProductCart kind="quote" docId={4} useTax={false} />);

    const input = (await screen.findByRole('spinbutton', { name: 'Price override of OPN-JS-WM' })) as HTMLInputElement;
    await user.type(input, '10000000{Enter}');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(bodyOf(fetchMock, 'PUT', '/api/quote-parts/update/24/price-override')).toEqual({ priceOverride: 10000000 });
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('The cart was not changed')).toBeTruthy();
    expect(toast.textContent).toContain(
      'The price override of OPN-JS-WM was not saved: Use dollars and cents, e.g. 12.35',
    );
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Use dollars and cents, e.g. 12.35',
    );
    expect(document.body.textContent).not.toMatch(/body\.|priceOverride/);
    expect(input.value).toBe('10000000');
    await user.keyboard('{Escape}');
    expect(input.value).toBe('');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });
});
