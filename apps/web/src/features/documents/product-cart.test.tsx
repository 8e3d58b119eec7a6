import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '@desk/domain';
import { failed, ok, stubApi, type FakeAnswer } from '../../test/fake-api';
import { renderWithQuery } from '../../test/render-with-query';
import { expectToContainEach, popoverText } from '../../test/popover';
import { ProductCart } from './product-cart';
import { aDocument, bodyOf, packageLine, partLine, requestedUrls } from './test/fixtures';

const config = ok({ companyName: 'Garage Door Supply', taxRate: 0.0975 });

/** The API of a cart: the config, the document's lines and header, and `more` (what a change answers). */
const stubCart = (
  kind: 'order' | 'quote',
  id: number,
  lines: CartLine[],
  header: FakeAnswer,
  more: Parameters<typeof stubApi>[0] = {},
) =>
  stubApi({
    'GET /api/config': config,
    [`GET /api/${kind}-parts/${id}`]: ok(lines),
    [`GET /api/${kind}s/${id}`]: header,
    ...more,
  });

/** The cart and the header of order 13 were each asked for once: a change's answer shows, nothing is reloaded. */
const expectNoReload = (fetchMock: ReturnType<typeof stubApi>) => {
  for (const url of ['/api/order-parts/13', '/api/orders/13']) {
    expect(fetchMock.mock.calls.filter(([u]) => String(u) === url)).toHaveLength(1);
  }
};

/** The document as the server answers it: its totals are the server's, in cents and in dollars. */
const docWith = (id: number, subTotalCents: number, taxCents: number, kind: 'order' | 'quote' = 'order') =>
  ok(
    aDocument({
      id,
      kind,
      totalsCents: { subTotalCents, taxCents, totalCents: subTotalCents + taxCents },
      totals: { subTotal: subTotalCents / 100, tax: taxCents / 100, total: (subTotalCents + taxCents) / 100 },
    }),
  );
const totalsOf = (subTotalCents: number, taxCents: number) => ({
  totalsCents: { subTotalCents, taxCents, totalCents: subTotalCents + taxCents },
  totals: { subTotal: subTotalCents / 100, tax: taxCents / 100, total: (subTotalCents + taxCents) / 100 },
});

/** OPN-JS-WM overridden to 399.99: counted, not struck. */
const overriddenPart = () => {
  const plain = partLine();
  return {
    ...plain,
    priceOverride: 399.99,
    linePrice: 399.99,
    pricingInfo: { ...plain.pricingInfo, priceOverride: 399.99 },
    price: { ...plain.price, linePriceCents: 39999, priceOverrideCents: 39999, counts: true, overridden: true },
  };
};

const pricingRows = () => {
  const block = screen.getByRole('region', { name: 'Pricing' });
  return within(block)
    .getAllByRole('row')
    .map((row) => row.textContent);
};

describe('ProductCart', () => {
  it('strikes a part line through and totals only the package line', async () => {
    stubCart('order', 13, [packageLine(), partLine()], docWith(13, 248050, 0));
    renderWithQuery(<ProductCart kind="order" docId={13} useTax={false} />);

    const table = await screen.findByRole('table', { name: 'Product Cart' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers.slice(1).join(' | ')).toBe(
      'Quantity | Item No | ItemDescription | Windows/Inserts | Price Per Unit | Line Price | Price Override | Actions',
    );
    const partRow = within(table).getByText('OPN-JS-WM').closest('tr')!;
    const struck = within(partRow).getAllByText('418.50');
    expect(struck).toHaveLength(2); // per unit and line
    for (const el of struck) expect(el.className).toContain('text-decoration-line-through');
    const packageRow = within(table).getByText('PKG-1607-INS').closest('tr')!;
    expect(within(packageRow).getByText('2,480.50').className).not.toContain('line-through');
    expect(within(packageRow).getByText(/Short or long panel/)).toBeInTheDocument();
    // Only package lines expand.
    expect(within(packageRow).getByRole('button', { name: 'Expand package line PKG-1607-INS' })).toBeInTheDocument();
    expect(within(partRow).queryByRole('button', { name: /Expand/ })).toBeNull();

    expect(pricingRows()).toEqual(['Sub Total2,480.50', 'Tax (9.75)(tax off)0.00', 'Total2,480.50']);
  });

  it("shows the server's line prices and totals as sent, computing nothing (tax 280.847775 -> 280.85)", async () => {
    // Figures no browser sum of the lines gives: the cart shows what the server answered.
    const pkg = packageLine({ price: { ...packageLine().price, unitPriceCents: 111111, linePriceCents: 222222 } });
    stubCart('order', 21, [pkg, overriddenPart()], docWith(21, 288049, 28085));
    renderWithQuery(<ProductCart kind="order" docId={21} useTax />);

    const table = await screen.findByRole('table', { name: 'Product Cart' });
    await waitFor(() => expect(pricingRows()).toEqual(['Sub Total2,880.49', 'Tax (9.75)280.85', 'Total3,161.34']));
    const packageRow = within(table).getByText('PKG-1607-INS').closest('tr')!;
    expect(within(packageRow).getByText('1,111.11')).toBeInTheDocument();
    expect(within(packageRow).getByText('2,222.22')).toBeInTheDocument();
    // An overridden part line shows its override, not struck.
    const part = within(table).getByText('OPN-JS-WM').closest('tr')!;
    expect(within(part).getByText('399.99').className).not.toContain('line-through');
    expect(within(part).getByText('override')).toBeInTheDocument();
  });

  it('deleting a line shows the totals the delete answered, without asking for the cart again', async () => {
    const fetchMock = stubCart('order', 13, [packageLine(), overriddenPart()], docWith(13, 288049, 28085), {
      'DELETE /api/order-parts/delete/23': ok({ id: 23, ...totalsOf(39999, 3900) }),
    });
    const user = userEvent.setup();
    renderWithQuery(<ProductCart kind="order" docId={13} useTax />);

    await user.click(await screen.findByRole('button', { name: 'Delete line PKG-1607-INS' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    // 399.99 x 0.0975 = 38.999 -> 39.00
    await waitFor(() => expect(pricingRows()).toEqual(['Sub Total399.99', 'Tax (9.75)39.00', 'Total438.99']));
    expect(screen.queryByText('PKG-1607-INS', { selector: 'td' })).toBeNull();
    expectNoReload(fetchMock);
  });

  it("saves a price override on Enter and shows the answer's prices, without asking again", async () => {
    const fetchMock = stubCart('order', 13, [packageLine(), partLine()], docWith(13, 248050, 24185), {
      'PUT /api/order-parts/update/24/price-override': ok({ ...overriddenPart(), ...totalsOf(288049, 28085) }),
    });
    const user = userEvent.setup();
    renderWithQuery(<ProductCart kind="order" docId={13} useTax />);

    const input = await screen.findByRole('spinbutton', { name: 'Price override of OPN-JS-WM' });
    expect(input.getAttribute('step')).toBe('.01');
    await user.type(input, '399.99{Enter}');

    await waitFor(() => expect(pricingRows()).toEqual(['Sub Total2,880.49', 'Tax (9.75)280.85', 'Total3,161.34']));
    expect(bodyOf(fetchMock, 'PUT', '/api/order-parts/update/24/price-override')).toEqual({ priceOverride: 399.99 });
    expectNoReload(fetchMock);
  });

  it('clears an override with null when the field is emptied, and saves a quantity on leaving it', async () => {
    const fetchMock = stubCart('quote', 4, [packageLine(), overriddenPart()], docWith(4, 288049, 0, 'quote'), {
      'PUT /api/quote-parts/update/24/price-override': ok({ ...partLine(), ...totalsOf(248050, 0) }),
      'PUT /api/quote-parts/update/23': ok({
        ...packageLine({
          quantity: 3,
          linePrice: 3720.75,
          pricingInfo: { ...packageLine().pricingInfo, lineQuantity: 3 },
          price: { ...packageLine().price, quantity: 3, extendedCents: 372075, linePriceCents: 372075 },
        }),
        ...totalsOf(372075, 0),
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

  it("explains a line's price in the '?' popover with the server's figures", async () => {
    stubCart('order', 13, [packageLine(), partLine()], docWith(13, 248050, 0));
    const user = userEvent.setup();
    renderWithQuery(<ProductCart kind="order" docId={13} useTax={false} />);

    const text = await popoverText(
      user,
      await screen.findByRole('button', { name: 'Price breakdown of PKG-1607-INS' }),
    );
    expectToContainEach(text, [
      'Base product cost1,185.00',
      '× 0.85Sectional',
      'Base × multiplier1,007.25',
      'Modifier cost increase+ 233.00',
      'Unit price1,240.25',
      'Quantity2',
      'Line price2,480.50',
    ]);
  });

  it('a loose part on a document that prices them counts, unstruck, and its popover says why (decision 028)', async () => {
    const plain = partLine({ quantity: 2 });
    const loose = {
      ...plain,
      linePrice: 837,
      price: {
        ...plain.price,
        quantity: 2,
        extendedCents: 83700,
        linePriceCents: 83700,
        counts: true,
        loosePart: true,
      },
    };
    stubCart(
      'order',
      13,
      [packageLine(), loose],
      ok({ ...aDocument({ id: 13 }), priceLooseParts: true, ...totalsOf(331750, 0) }),
    );
    const user = userEvent.setup();
    renderWithQuery(<ProductCart kind="order" docId={13} useTax={false} />);

    const table = await screen.findByRole('table', { name: 'Product Cart' });
    expect(
      await screen.findByText(
        'Packages and loose parts count toward the total (Price loose parts is on for this document); a price override replaces a line price.',
      ),
    ).toBeInTheDocument();
    const partRow = within(table).getByText('OPN-JS-WM').closest('tr')!;
    const unit = within(partRow).getByText('418.50');
    const line = within(partRow).getByText('837.00');
    for (const el of [unit, line]) {
      expect(el.className).not.toContain('line-through');
      expect(el.getAttribute('title')).toBe(
        'A loose part: unit price × quantity (Price loose parts is on for this document)',
      );
    }
    const text = await popoverText(user, screen.getByRole('button', { name: 'Price breakdown of OPN-JS-WM' }));
    expectToContainEach(text, [
      'Line price837.00A loose part: unit price × quantity (Price loose parts is on for this document)',
      'Counts toward Sub Total837.00',
    ]);
  });

  it('a plain part on a document that does not price loose parts says so and how to charge it', async () => {
    stubCart('order', 13, [packageLine(), partLine()], docWith(13, 248050, 0));
    const user = userEvent.setup();
    renderWithQuery(<ProductCart kind="order" docId={13} useTax={false} />);

    const table = await screen.findByRole('table', { name: 'Product Cart' });
    const partRow = within(table).getByText('OPN-JS-WM').closest('tr')!;
    const why =
      'Not a package, and Price loose parts was off when this document was created: counts 0 unless a price override is set';
    expect(
      screen.getByText(
        'Only package lines count toward the total unless a price override is set (Price loose parts was off when this document was created).',
      ),
    ).toBeInTheDocument();
    for (const el of within(partRow).getAllByText('418.50')) expect(el.getAttribute('title')).toBe(why);
    const text = await popoverText(user, screen.getByRole('button', { name: 'Price breakdown of OPN-JS-WM' }));
    expect(text).toContain(`Line price0.00${why}`);
  });

  it('refuses an override with 3 decimals or below zero in plain words, sends nothing, and Escape restores it', async () => {
    const fetchMock = stubCart('order', 13, [packageLine(), overriddenPart()], docWith(13, 288049, 28085));
    const user = userEvent.setup();
    renderWithQuery(<ProductCart kind="order" docId={13} useTax />);

    const input = (await screen.findByRole('spinbutton', { name: 'Price override of OPN-JS-WM' })) as HTMLInputElement;
    expect(input.value).toBe('399.99');
    for (const [typed, said] of [
      ['12.345', 'Use dollars and cents, e.g. 12.35'],
      // Issue 36: a negative price is told that it cannot be negative, not to use dollars and cents.
      ['-5', 'A price cannot be negative. Use dollars and cents, e.g. 12.35'],
    ] as const) {
      await user.clear(input);
      await user.type(input, `${typed}{Enter}`);
      expect(input.value).toBe(typed);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const message = document.getElementById(input.getAttribute('aria-describedby')!)!;
      expect(message.textContent).toBe(said);
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
    const fetchMock = stubCart('quote', 4, [packageLine(), partLine()], docWith(4, 248050, 0, 'quote'), {
      'PUT /api/quote-parts/update/24/price-override': failed(400, 'body.priceOverride: must have at most 2 decimals'),
    });
    const user = userEvent.setup();
    renderWithQuery(<ProductCart kind="quote" docId={4} useTax={false} />);

    const input = (await screen.findByRole('spinbutton', { name: 'Price override of OPN-JS-WM' })) as HTMLInputElement;
    await user.type(input, '10000000{Enter}');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(bodyOf(fetchMock, 'PUT', '/api/quote-parts/update/24/price-override')).toEqual({ priceOverride: 10000000 });
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('The cart was not changed')).toBeInTheDocument();
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

  it('holds a quantity to the domain limit of 100,000: 99,999,999 stays in error in words and is not sent (issue 36)', async () => {
    const fetchMock = stubCart('order', 13, [packageLine(), partLine()], docWith(13, 248050, 0));
    const user = userEvent.setup();
    renderWithQuery(<ProductCart kind="order" docId={13} useTax={false} />);

    const input = (await screen.findByRole('spinbutton', { name: 'Quantity of OPN-JS-WM' })) as HTMLInputElement;
    await user.clear(input);
    await user.type(input, '99999999{Enter}');
    expect(input.value).toBe('99999999');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Enter a whole number from 1 to 100,000.',
    );
    await user.tab();
    expect(requestedUrls(fetchMock).filter((u) => u.includes('/api/order-parts/update/'))).toEqual([]);
    await user.click(input);
    await user.keyboard('{Escape}');
    expect(input.value).toBe(String(partLine().quantity));
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });
});
