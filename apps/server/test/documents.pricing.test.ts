/**
 * One priced document (docs/architecture.md section 1): every write that moves a price answers the
 * document's new totals (and the changed line), a delete too, and the cart, the document's totals
 * and the PDF show the same cents. Every figure is a hand calculation at tax rate 0.0975.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, json, userApi, type TestApp } from './support.js';
import { hasPdftotext, pdfText } from './pdf-text.js';
import { createPricingApp, type PricingCatalog } from './pricing-fixtures.js';

/** Totals in cents and, for old clients, the same in dollars. */
const totals = (subTotalCents: number, taxCents: number) => ({
  totalsCents: { subTotalCents, taxCents, totalCents: subTotalCents + taxCents },
  totals: { subTotal: subTotalCents / 100, tax: taxCents / 100, total: (subTotalCents + taxCents) / 100 },
});

/** An answer's totals (both forms) are these. */
const expectTotals = (answer: { totals: unknown; totalsCents: unknown }, subTotalCents: number, taxCents: number) =>
  expect({ totals: answer.totals, totalsCents: answer.totalsCents }).toEqual(totals(subTotalCents, taxCents));

describe.each(engines())('one priced document (%s)', (engine) => {
  let t: TestApp;
  let staff: string;
  let f: PricingCatalog;

  const call = userApi(() => ({ t, cookie: staff })).data;

  beforeAll(async () => {
    ({ t, admin: staff, catalog: f } = await createPricingApp(engine));
  });
  afterAll(async () => t?.close());

  describe.each(['order', 'quote'] as const)('%s', (kind) => {
    const plural = `${kind}s`;
    const parts = `${kind}-parts`;
    const file = kind === 'order' ? 'Order' : 'Quote';
    let doc: any;
    let pkgLine: any;
    let hingeLine: any;
    let applied: any;

    /** The cart's lines and the document's totals, as a client reads them. */
    const cartAndTotals = async () => {
      const cart = await call('GET', `/api/${parts}/${doc.id}`);
      const header = await call('GET', `/api/${plural}/${doc.id}`);
      return { cart, totals: header.totals, totalsCents: header.totalsCents };
    };

    it('answers the totals of a new, empty document', async () => {
      doc = await call('POST', `/api/${plural}/create`, { customer: f.customer.id, jobName: 'Priced' });
      expectTotals(doc, 0, 0);
    });

    it('adding a package line answers the line in cents and the new totals', async () => {
      pkgLine = await call('POST', `/api/${parts}/create/${doc.id}`, { product: f.pkg.id, quantity: 2 });
      // round(123456 x 0.9) = round(111110.4) = 111110; x 2 = 222220; tax 21666.45 -> 21666
      expect(pkgLine.price).toEqual({
        baseCents: 123456,
        multiplier: 0.9,
        multiplierCategory: 'Sectional',
        multipliedCents: 111110,
        modCostCents: 0,
        unitPriceCents: 111110,
        quantity: 2,
        extendedCents: 222220,
        linePriceCents: 222220,
        priceOverrideCents: null,
        isPackage: true,
        counts: true,
        overridden: false,
        loosePart: false,
      });
      expect(pkgLine.unitPrice).toBe(1111.1);
      expect(pkgLine.linePrice).toBe(2222.2);
      expectTotals(pkgLine, 222220, 21666);
    });

    it('applying a modifier answers the line with its cost and the new totals', async () => {
      applied = await call('POST', `/api/${plural}/package-modifiers/upsert/${pkgLine.id}`, {
        id: f.mod.id,
        notes: null,
      });
      // 3250 x 2 = 6500 per unit; 111110 + 6500 = 117610; x 2 = 235220; tax 22933.95 -> 22934
      expect(applied.line.price).toMatchObject({ modCostCents: 6500, unitPriceCents: 117610, linePriceCents: 235220 });
      expectTotals(applied, 235220, 22934);
    });

    it('changing the quantity answers the line and the new totals', async () => {
      const r = await call('PUT', `/api/${parts}/update/${pkgLine.id}`, { quantity: 3 });
      // 117610 x 3 = 352830; tax 34400.925 -> 34401
      expect(r.price).toMatchObject({ quantity: 3, unitPriceCents: 117610, linePriceCents: 352830 });
      expectTotals(r, 352830, 34401);
    });

    it('a part line counts 0 until overridden; the override answers the new totals', async () => {
      hingeLine = await call('POST', `/api/${parts}/create/${doc.id}`, { product: f.part.id, quantity: 10 });
      expect(hingeLine.price).toMatchObject({
        unitPriceCents: 210,
        extendedCents: 2100,
        linePriceCents: 0,
        counts: false,
      });
      expect(hingeLine.totalsCents).toEqual(totals(352830, 34401).totalsCents);
      const r = await call('PUT', `/api/${parts}/update/${hingeLine.id}/price-override`, { priceOverride: 25 });
      // 352830 + 2500 = 355330; tax 34644.675 -> 34645
      expect(r.price).toMatchObject({ linePriceCents: 2500, priceOverrideCents: 2500, counts: true, overridden: true });
      expectTotals(r, 355330, 34645);
    });

    it.skipIf(!hasPdftotext)("the cart, the document's totals and the PDF show the same cents", async () => {
      const { cart, ...t1 } = await cartAndTotals();
      expect(t1).toEqual(totals(355330, 34645));
      expect(cart.map((l: any) => [l.id, l.price.unitPriceCents, l.price.linePriceCents])).toEqual([
        [pkgLine.id, 117610, 352830],
        [hingeLine.id, 210, 2500],
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/download-excel${file}/${doc.id}`,
        headers: { cookie: staff },
        payload: { orderId: doc.id, noPricePrint: false },
      });
      expect(res.statusCode).toBe(200);
      const text = pdfText(res.rawPayload);
      for (const s of ['1,176.10', '3,528.30', '2.10', '25.00', '3,553.30', '346.45', '3,899.75']) {
        expect(text).toContain(s);
      }
    });

    it('removing the modifier answers the line without its cost and the new totals', async () => {
      const r = await call('DELETE', `/api/${plural}/package-modifiers/delete/${applied.id}`);
      // 111110 x 3 = 333330; + 2500 = 335830; tax 32743.425 -> 32743
      expect(r.id).toBe(applied.id);
      expect(r.line.price).toMatchObject({ modCostCents: 0, unitPriceCents: 111110, linePriceCents: 333330 });
      expectTotals(r, 335830, 32743);
    });

    it('refreshing the multipliers answers the new totals', async () => {
      const cust = await call('GET', `/api/customers/${f.customer.id}`);
      await call('PUT', `/api/customers/update/${f.customer.id}`, { ...cust, sectionalMultiplier: 0.8 });
      const d = await call('GET', `/api/${plural}/${doc.id}`);
      const r = await call('PUT', `/api/${plural}/update/${doc.id}`, { ...d, refreshMultiplier: true });
      // round(123456 x 0.8) = round(98764.8) = 98765; x 3 = 296295; + 2500 = 298795; tax 29132.5125 -> 29133
      expectTotals(r, 298795, 29133);
      expect((await cartAndTotals()).cart[0].price).toMatchObject({ multiplier: 0.8, linePriceCents: 296295 });
      await call('PUT', `/api/customers/update/${f.customer.id}`, {
        ...(await call('GET', `/api/customers/${f.customer.id}`)),
        sectionalMultiplier: 0.9,
      });
    });

    it('deleting a line answers the totals without it (tax 243.75 rounds half away from zero)', async () => {
      const r = await call('DELETE', `/api/${parts}/delete/${pkgLine.id}`);
      expect(r).toEqual({ id: pkgLine.id, ...totals(2500, 244) });
      const { cart, ...now } = await cartAndTotals();
      expect(now).toEqual(totals(2500, 244));
      expect(cart.map((l: any) => l.id)).toEqual([hingeLine.id]);
    });

    it('a delete of a line that is gone is a 404 with a plain message, and changes nothing', async () => {
      const r = await t.app.inject({
        method: 'DELETE',
        url: `/api/${parts}/delete/${pkgLine.id}`,
        headers: { cookie: staff },
      });
      expect(r.statusCode).toBe(404);
      expect(json(r).message).toBe(`${file} line ${pkgLine.id} does not exist.`);
      expect((await cartAndTotals()).totalsCents).toEqual(totals(2500, 244).totalsCents);
    });
  });
});
