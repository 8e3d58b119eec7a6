/**
 * Orders and quotes through the real API on both databases: one suite run for each kind, since
 * they are one kind of document. Every price is checked against a hand calculation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, json, userApi, type TestApp } from './support.js';
import { createSierraDoors, productMaker } from './pricing-fixtures.js';

interface Fixture {
  customer: { id: number };
  pkg: { id: number };
  hinge: { id: number };
  seal: { id: number };
  kit: { id: number };
  springs: { id: number };
  opener: { id: number };
  liftMod: { id: number };
  springsMod: { id: number };
  notesMod: { id: number };
}

async function setup(t: TestApp, admin: string): Promise<Fixture> {
  const A = userApi(() => ({ t, cookie: admin })).data;
  const product = productMaker(A, await t.productTypes());
  const customer = await createSierraDoors(A, {
    customerNo: 'C-4001',
    sectionalMultiplier: 0.9,
    residentialMultiplier: 0.85,
    openerMultiplier: 0.95,
    commercialMultiplier: 1,
  });
  const pkg = await product('PKG-1607', 1234.56, 'Door Package', {
    itemDescription: '16x7 insulated steel sectional door package',
    multiplierCategory: 'Sectional',
  });
  const hinge = await product('HNG-02', 2.1, 'Hardware');
  const seal = await product('SEAL-16', 18, 'Part');
  const kit = await product('HLK-24', 140, 'Hardware', { modifierCostIncrease: 185 });
  const springs = await product('SPR-25K', 60, 'Spring', { modifierCostIncrease: 32.5 });
  const opener = await product('OPN-BELT', 329, 'Opener', { multiplierCategory: 'Opener' });
  await A('POST', `/api/package/associated-parts/create/${pkg.id}`, { child: hinge.id, quantity: 8 });
  await A('POST', `/api/package/associated-parts/create/${pkg.id}`, { child: seal.id, quantity: 1 });
  const liftMod = await A('POST', `/api/package/modifiers/create/${pkg.id}`, {
    category: 'Lift',
    name: 'High lift',
    product: kit.id,
    quantity: 1,
  });
  const springsMod = await A('POST', `/api/package/modifiers/create/${pkg.id}`, {
    category: 'Springs',
    name: '25k cycle pair',
    product: springs.id,
    quantity: 2,
  });
  const notesMod = await A('POST', `/api/package/modifiers/create/${pkg.id}`, {
    category: 'LiftNotes',
    notes: 'HL 24 in',
  });
  return { customer, pkg, hinge, seal, kit, springs, opener, liftMod, springsMod, notesMod };
}

describe.each(engines())('documents API (%s)', (engine) => {
  let t: TestApp;
  let staff: string;
  let f: Fixture;

  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await setup(t, await t.login());
    staff = await t.staff('seller');
  });
  afterAll(async () => t?.close());

  const { send: S, data } = userApi(() => ({ t, cookie: staff }));

  describe.each(['order', 'quote'] as const)('%s', (kind) => {
    const plural = `${kind}s`;
    const parts = `${kind}-parts`;
    const sub =
      kind === 'order'
        ? { assoc: 'update-subpart-assoc-notes', mod: 'update-subpart-mod-notes', add: 'update_subpart_list' }
        : { assoc: 'update-subquote-assoc-notes', mod: 'update-subquote-mod-notes', add: 'update_subpart_quote_list' };
    let doc: any;
    let pkgLine: any;

    it('creates a document copying the customer multipliers and useTax', async () => {
      const res = await S('POST', `/api/${plural}/create`, {
        customer: { id: f.customer.id },
        jobName: 'Morgan residence',
        poNumber: 'PO-1',
      });
      expect(res.statusCode).toBe(201);
      doc = json(res).data;
      expect(doc).toMatchObject({
        kind,
        customer: { id: f.customer.id, name: 'Sierra Door Installers' },
        jobName: 'Morgan residence',
        useTax: true,
        sectionalMultiplierCopy: 0.9,
        residentialMultiplierCopy: 0.85,
        openerMultiplierCopy: 0.95,
        commercialMultiplierCopy: 1,
        totals: { subTotal: 0, tax: 0, total: 0 },
        version: 1,
      });
      if (kind === 'order') expect(doc.orderStatus).toMatchObject({ type: 'Open', closed: false });
    });

    it('adds a package line with its associated parts as a snapshot of sub-parts', async () => {
      const res = await S('POST', `/api/${parts}/create/${doc.id}`, { product: { id: f.pkg.id }, quantity: 2 });
      expect(res.statusCode).toBe(201);
      pkgLine = json(res).data;
      // round(1234.56 x 0.9) = round(1111.104) = 1111.10; x2 = 2222.20
      expect(pkgLine).toMatchObject({
        quantity: 2,
        unitPrice: 1111.1,
        linePrice: 2222.2,
        priceOverride: null,
        modCostIncrease: 0,
      });
      expect(pkgLine.pricingInfo).toEqual({
        baseProductCost: 1234.56,
        baseProductMultiplierCategory: 'Sectional',
        multiplierValue: 0.9,
        lineQuantity: 2,
        isPackage: true,
        modCostIncrease: 0,
        priceOverride: null,
      });
      const subs = await data('GET', `/api/${parts}/sub-parts/${pkgLine.id}`);
      expect(subs.map((s: any) => [s.source, s.product.itemNo, s.quantity])).toEqual([
        ['ASSOC_PART', 'HNG-02', 8],
        ['ASSOC_PART', 'SEAL-16', 1],
      ]);
    });

    it('applies modifiers: adds their parts and their cost; un-applying removes both', async () => {
      const lift = await S('POST', `/api/${plural}/package-modifiers/upsert/${pkgLine.id}`, {
        id: f.liftMod.id,
        notes: 'jackshaft',
        inches: '24',
      });
      expect(lift.statusCode).toBe(200);
      expect(json(lift).data).toMatchObject({
        modifierId: f.liftMod.id,
        assocPackageModifier: { category: 'Lift', name: 'High lift' },
        inches: '24',
        notes: 'jackshaft',
      });
      const springs = json(
        await S('POST', `/api/${plural}/package-modifiers/upsert/${pkgLine.id}`, { id: f.springsMod.id, inches: '99' }),
      ).data;
      expect(springs.inches).toBeNull(); // inches only for Lift
      // modifier cost = 185 x 1 + 32.50 x 2 = 250; unit = 1111.10 + 250 = 1361.10; x2 = 2722.20
      const lines = await data('GET', `/api/${parts}/${doc.id}`);
      expect(lines[0]).toMatchObject({ modCostIncrease: 250, unitPrice: 1361.1, linePrice: 2722.2 });
      const subs = await data('GET', `/api/${parts}/sub-parts/${pkgLine.id}`);
      expect(
        subs
          .filter((s: any) => s.source === 'MOD')
          .map((s: any) => [s.product.itemNo, s.quantity, s.category, s.inches]),
      ).toEqual([
        ['HLK-24', 1, 'Lift', '24'],
        ['SPR-25K', 2, 'Springs', null],
      ]);
      const applied = await data('GET', `/api/${plural}/package-modifiers/${pkgLine.id}`);
      expect(applied).toHaveLength(2);
      // LiftNotes cannot be applied; a modifier of another package neither.
      expect(
        (await S('POST', `/api/${plural}/package-modifiers/upsert/${pkgLine.id}`, { id: f.notesMod.id })).statusCode,
      ).toBe(400);
      expect((await S('POST', `/api/${plural}/package-modifiers/upsert/${pkgLine.id}`, {})).statusCode).toBe(400);
      // Star off the springs, then on again.
      expect((await S('DELETE', `/api/${plural}/package-modifiers/delete/${springs.id}`)).statusCode).toBe(200);
      expect(
        (await data('GET', `/api/${parts}/sub-parts/${pkgLine.id}`)).filter((s: any) => s.source === 'MOD'),
      ).toHaveLength(1);
      expect((await data('GET', `/api/${parts}/${doc.id}`))[0].modCostIncrease).toBe(185);
      await data('POST', `/api/${plural}/package-modifiers/upsert/${pkgLine.id}`, { id: f.springsMod.id });
    });

    it('adds, annotates and deletes sub-parts by their source', async () => {
      const added = await data('PUT', `/api/${parts}/${sub.add}/${pkgLine.id}`, {
        child: { id: f.seal.id },
        quantity: 2,
      });
      expect(added).toMatchObject({ source: 'ASSOC_PART', quantity: 2, product: { itemNo: 'SEAL-16' } });
      const subs = await data('GET', `/api/${parts}/sub-parts/${pkgLine.id}`);
      const hinge = subs.find((s: any) => s.product.itemNo === 'HNG-02');
      const mod = subs.find((s: any) => s.source === 'MOD' && s.category === 'Lift');
      const noted = await data('PUT', `/api/${parts}/${sub.assoc}/${pkgLine.id}`, {
        parentId: pkgLine.id,
        rowId: hinge.rowId,
        notes: '<b>bag</b> & tag',
      });
      expect(noted.notes).toBe('<b>bag</b> & tag');
      const modNoted = await data('PUT', `/api/${parts}/${sub.mod}/${pkgLine.id}`, {
        parentId: pkgLine.id,
        rowId: mod.rowId,
        notes: 'HL',
        inches: '30',
      });
      expect(modNoted).toMatchObject({ notes: 'HL', inches: '30' });
      const applied = await data('GET', `/api/${plural}/package-modifiers/${pkgLine.id}`);
      expect(applied.find((a: any) => a.assocPackageModifier.category === 'Lift')).toMatchObject({
        notes: 'HL',
        inches: '30',
      });
      // Wrong source, wrong parent, MOD deletion, package child: refused.
      expect(
        (await S('PUT', `/api/${parts}/${sub.assoc}/${pkgLine.id}`, { rowId: mod.rowId, notes: 'x' })).statusCode,
      ).toBe(400);
      expect(
        (await S('PUT', `/api/${parts}/${sub.mod}/${pkgLine.id + 1000}`, { rowId: mod.rowId, notes: 'x' })).statusCode,
      ).toBe(400);
      expect((await S('DELETE', `/api/${parts}/delete-sub/${mod.rowId}`)).statusCode).toBe(409);
      expect(
        (await S('PUT', `/api/${parts}/${sub.add}/${pkgLine.id}`, { child: f.pkg.id, quantity: 1 })).statusCode,
      ).toBe(400);
      expect((await S('DELETE', `/api/${parts}/delete-sub/${added.rowId}`)).statusCode).toBe(200);
      expect((await S('DELETE', `/api/${parts}/delete-sub/${added.rowId}`)).statusCode).toBe(404);
    });

    it('prices plain parts at 0 unless overridden, and totals with tax, in cents', async () => {
      const seal = await data('POST', `/api/${parts}/create/${doc.id}`, { product: f.seal.id, quantity: 3 });
      expect(seal).toMatchObject({ unitPrice: 18, linePrice: 0 });
      const opener = await data('POST', `/api/${parts}/create/${doc.id}`, { product: f.opener.id, quantity: 1 });
      const over = await data('PUT', `/api/${parts}/update/${opener.id}/price-override`, { priceOverride: 299.99 });
      expect(over).toMatchObject({ priceOverride: 299.99, linePrice: 299.99 });
      // subtotal = 2722.20 + 0 + 299.99 = 3022.19; tax = round(3022.19 x 0.0975) = 294.66; total 3316.85
      expect(over.totals).toEqual({ subTotal: 3022.19, tax: 294.66, total: 3316.85 });
      const got = await data('GET', `/api/${plural}/${doc.id}`);
      expect(got.totals).toEqual({ subTotal: 3022.19, tax: 294.66, total: 3316.85 });
      const qty = await data('PUT', `/api/${parts}/update/${pkgLine.id}`, { quantity: 1 });
      expect(qty.totals.subTotal).toBe(1361.1 + 299.99);
      await data('PUT', `/api/${parts}/update/${pkgLine.id}`, { quantity: 2 });
      const cleared = await data('PUT', `/api/${parts}/update/${opener.id}/price-override`, { priceOverride: null });
      expect(cleared).toMatchObject({ priceOverride: null, linePrice: 0 });
      await data('PUT', `/api/${parts}/update/${opener.id}/price-override`, { priceOverride: 299.99 });
      for (const bad of [{ priceOverride: -1 }, { priceOverride: 1.005 }, { priceOverride: '12' }, {}]) {
        expect(
          (await S('PUT', `/api/${parts}/update/${opener.id}/price-override`, bad)).statusCode,
          JSON.stringify(bad),
        ).toBe(400);
      }
      for (const bad of [{ quantity: 0 }, { quantity: 1.5 }, { quantity: -3 }, { quantity: 'many' }]) {
        expect((await S('PUT', `/api/${parts}/update/${pkgLine.id}`, bad)).statusCode).toBe(400);
      }
      expect((await S('POST', `/api/${parts}/create/${doc.id}`, { product: 999999, quantity: 1 })).statusCode).toBe(
        400,
      );
      expect((await S('POST', `/api/${parts}/create/999999`, { product: f.seal.id, quantity: 1 })).statusCode).toBe(
        404,
      );
    });

    it('keeps saved sub-parts when the package changes (snapshot)', async () => {
      const admin = await t.login();
      const list = json(
        await t.app.inject({ url: `/api/package/associated-parts/${f.pkg.id}`, headers: { cookie: admin } }),
      ).data;
      await t.app.inject({
        method: 'PUT',
        url: `/api/package/associated-parts/update/${list[0].id}`,
        headers: { cookie: admin },
        payload: { quantity: 12 },
      });
      const subs = await data('GET', `/api/${parts}/sub-parts/${pkgLine.id}`);
      expect(subs.find((s: any) => s.product.itemNo === 'HNG-02').quantity).toBe(8);
      await t.app.inject({
        method: 'PUT',
        url: `/api/package/associated-parts/update/${list[0].id}`,
        headers: { cookie: admin },
        payload: { quantity: 8 },
      });
    });

    it("reaches a customer's new multipliers only through refreshMultiplier", async () => {
      const cust = await data('GET', `/api/customers/${f.customer.id}`);
      await data('PUT', `/api/customers/update/${f.customer.id}`, { ...cust, sectionalMultiplier: 0.8 });
      let d = await data('GET', `/api/${plural}/${doc.id}`);
      expect(d.sectionalMultiplierCopy).toBe(0.9);
      d = await data('PUT', `/api/${plural}/update/${doc.id}`, { ...d, refreshMultiplier: true });
      expect(d.sectionalMultiplierCopy).toBe(0.8);
      // round(1234.56 x 0.8) = 987.65; + 250 = 1237.65; x2 = 2475.30; + 299.99 = 2775.29
      expect(d.totals.subTotal).toBe(2775.29);
      d = await data('PUT', `/api/${plural}/update/${doc.id}`, { ...d, refreshMultiplier: false });
      await data('PUT', `/api/customers/update/${f.customer.id}`, {
        ...(await data('GET', `/api/customers/${f.customer.id}`)),
        sectionalMultiplier: 0.9,
      });
      d = await data('PUT', `/api/${plural}/update/${doc.id}`, { ...d, refreshMultiplier: true });
      expect(d.sectionalMultiplierCopy).toBe(0.9);
    });

    it('refuses a stale version with 409 and keeps the first save', async () => {
      const opened = await data('GET', `/api/${plural}/${doc.id}`);
      const first = await S('PUT', `/api/${plural}/update/${doc.id}`, { ...opened, jobName: 'Clerk A' });
      expect(first.statusCode).toBe(200);
      const second = await S('PUT', `/api/${plural}/update/${doc.id}`, { ...opened, jobName: 'Clerk B' });
      expect(second.statusCode).toBe(409);
      expect((await data('GET', `/api/${plural}/${doc.id}`)).jobName).toBe('Clerk A');
    });

    it('refuses malformed bodies and writes nothing', async () => {
      const before = (await data('GET', `/api/${plural}/${doc.id}`)).version;
      for (const bad of [
        { customer: 999999 },
        { customer: 'x' },
        {},
        { customer: f.customer.id, [`${kind}Date`]: '2026-02-30' },
        { customer: f.customer.id, jobName: 'x'.repeat(201) },
        { customer: f.customer.id, useTax: 'yes' },
        ...(kind === 'order' ? [{ customer: f.customer.id, orderStatus: 99 }] : []),
      ]) {
        const res = await S('PUT', `/api/${plural}/update/${doc.id}`, bad);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      }
      expect((await data('GET', `/api/${plural}/${doc.id}`)).version).toBe(before);
    });

    it('duplicates deeply with the edited job name', async () => {
      const res = await S('POST', `/api/${plural}/duplicate/${doc.id}`, { ...doc, jobName: 'Clerk A - copy' });
      expect(res.statusCode).toBe(201);
      const copy = json(res).data;
      expect(copy.id).not.toBe(doc.id);
      expect(copy.jobName).toBe('Clerk A - copy');
      const orig = await data('GET', `/api/${plural}/${doc.id}`);
      expect(copy.totals).toEqual(orig.totals);
      const lines = async (id: number) =>
        Promise.all(
          (await data('GET', `/api/${parts}/${id}`)).map(async (l: any) => ({
            item: l.product.itemNo,
            q: l.quantity,
            o: l.priceOverride,
            price: l.linePrice,
            subs: (await data('GET', `/api/${parts}/sub-parts/${l.id}`)).map((s: any) => [
              s.source,
              s.product.itemNo,
              s.quantity,
              s.notes,
              s.inches,
            ]),
            mods: (await data('GET', `/api/${plural}/package-modifiers/${l.id}`)).map((m: any) => [
              m.modifierId,
              m.notes,
              m.inches,
            ]),
          })),
        );
      expect(await lines(copy.id)).toEqual(await lines(doc.id));
    });

    it('deletes a document with everything under it', async () => {
      const copy = await data('POST', `/api/${plural}/duplicate/${doc.id}`, { jobName: 'to delete' });
      const copyLines = await data('GET', `/api/${parts}/${copy.id}`);
      // Deleting is for administrators (issue 36): staff are refused, an administrator deletes.
      expect((await S('DELETE', `/api/${plural}/delete/${copy.id}`)).statusCode).toBe(403);
      expect((await t.admin('DELETE', `/api/${plural}/delete/${copy.id}`)) ?? null).toBeNull();
      expect((await S('GET', `/api/${plural}/${copy.id}`)).statusCode).toBe(404);
      expect((await S('GET', `/api/${parts}/sub-parts/${copyLines[0].id}`)).statusCode).toBe(404);
      const db = t.db.database.db as any;
      const orphans = await db
        .selectFrom(`${kind}_sub_parts`)
        .select('id')
        .where(
          `${kind}_part_id`,
          'in',
          copyLines.map((l: any) => l.id),
        )
        .execute();
      expect(orphans).toEqual([]);
    });

    it('lists with paging, filters and sorts', async () => {
      const listUrl = kind === 'order' ? '/api/orders/list/0' : '/api/quotes/';
      const all = await data('GET', listUrl);
      expect(all.some((d: any) => d.id === doc.id && d.customerName === 'Sierra Door Installers')).toBe(true);
      const page = await data('GET', `${listUrl}?size=10&customerName=sierra&sort=-jobName`);
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.every((d: any) => d.customerName === 'Sierra Door Installers')).toBe(true);
      const names = page.items.map((d: any) => d.jobName);
      expect(names).toEqual([...names].sort().reverse());
      const none = await data('GET', `${listUrl}?size=10&customerName=no-such-customer-xyz`);
      expect(none).toMatchObject({ items: [], filtered: 0 });
      expect(none.total).toBeGreaterThan(0);
    });
  });

  it('exports a quote to an order once per Idempotency-Key, keeping the quote', async () => {
    const quote = await data('POST', '/api/quotes/create', { customer: f.customer.id, jobName: 'Export me' });
    const line = await data('POST', `/api/quote-parts/create/${quote.id}`, { product: f.pkg.id, quantity: 1 });
    await data('POST', `/api/quotes/package-modifiers/upsert/${line.id}`, { id: f.liftMod.id, inches: '18' });
    await data('PUT', `/api/quote-parts/update/${line.id}/price-override`, { priceOverride: 1500 });
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        S('POST', `/api/orders/create-from-quote/${quote.id}`, undefined, { 'idempotency-key': 'export-abc' }),
      ),
    );
    const ids = new Set(results.map((r) => json(r).data.id));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect(ids.size).toBe(1);
    const order = json(results[0]!).data;
    expect(json(results[0]!).message).toBe('Export success');
    expect(order).toMatchObject({
      kind: 'order',
      sourceQuoteId: quote.id,
      jobName: 'Export me',
      orderStatus: { type: 'Open' },
      totals: { subTotal: 1500 },
    });
    const oLines = await data('GET', `/api/order-parts/${order.id}`);
    expect(oLines).toHaveLength(1);
    expect((await data('GET', `/api/orders/package-modifiers/${oLines[0].id}`))[0]).toMatchObject({
      modifierId: f.liftMod.id,
      inches: '18',
    });
    expect((await data('GET', `/api/order-parts/sub-parts/${oLines[0].id}`)).map((s: any) => s.source)).toEqual([
      'ASSOC_PART',
      'ASSOC_PART',
      'MOD',
    ]);
    expect((await S('GET', `/api/quotes/${quote.id}`)).statusCode).toBe(200);
    // A new key is a second export: refused unless asked for again (issue 11).
    const refused = await S('POST', `/api/orders/create-from-quote/${quote.id}`, undefined, {
      'idempotency-key': 'export-def',
    });
    expect(refused.statusCode).toBe(409);
    const other = await S(
      'POST',
      `/api/orders/create-from-quote/${quote.id}`,
      { again: true },
      {
        'idempotency-key': 'export-def',
      },
    );
    expect(json(other).data.id).not.toBe(order.id);
  });

  it('filters job names and PO numbers ignoring case and accents, after creates and renames', async () => {
    const o = await data('POST', '/api/orders/create', {
      customer: f.customer.id,
      jobName: 'Côté Residence - Garage',
      poNumber: 'PO-ÉTÉ-1',
    });
    const find = async (q: string) =>
      (await data('GET', `/api/orders/list/0?size=30&${q}`)).items.map((x: any) => x.id);
    expect(await find('jobName=cote%20res')).toContain(o.id);
    expect(await find('poNumber=ete')).toContain(o.id);
    await data('PUT', `/api/orders/update/${o.id}`, { ...o, jobName: 'Renamed Élan job' });
    expect(await find('jobName=cote%20res')).not.toContain(o.id);
    expect(await find('jobName=ELAN')).toContain(o.id);
    const q = await data('POST', '/api/quotes/create', { customer: f.customer.id, jobName: 'Ñandú warehouse' });
    expect((await data('GET', '/api/quotes/?size=30&jobName=nandu')).items.map((x: any) => x.id)).toContain(q.id);
  });

  it('closing an order or dropping pickup takes it out of its bay', async () => {
    const order = await data('POST', '/api/orders/create', {
      customer: f.customer.id,
      jobName: 'Bay test',
      orderPickup: true,
    });
    expect(order.orderPickup).toBe(true);
    await t.db.database.db
      .updateTable('orders')
      .set({ current_load: 1, loading_bay: 5 })
      .where('id', '=', order.id)
      .execute();
    const statuses = await data('GET', '/api/dropdown/order-status');
    const completed = statuses.find((s: any) => s.type === 'Completed');
    const closed = await data('PUT', `/api/orders/update/${order.id}`, { ...order, orderStatus: completed });
    expect(closed).toMatchObject({
      orderPickup: false,
      current_load: false,
      loading_bay: null,
      orderStatus: { closed: true },
    });
    const closedList = await data('GET', '/api/orders/list/1');
    expect(closedList.some((o: any) => o.id === order.id)).toBe(true);
  });

  it('vendor orders: create, link once, list from both sides, refuse deleting while linked', async () => {
    const order = await data('POST', '/api/orders/create', { customer: f.customer.id, jobName: 'Needs springs' });
    const vo = await data('POST', '/api/vendor-orders/create', {
      name: 'Clopay stock order #4471',
      description: 'Sections',
      estimatedArrival: '2026-12-01',
      status: 'Ordered',
    });
    expect(vo).toMatchObject({
      name: 'Clopay stock order #4471',
      estimatedArrival: '2026-12-01',
      status: 'Ordered',
      version: 1,
    });
    const link = await S('POST', '/api/linked-orders/create', { order: { id: order.id }, vendorOrder: { id: vo.id } });
    expect(link.statusCode).toBe(201);
    expect((await S('POST', '/api/linked-orders/create', { order: order.id, vendorOrder: vo.id })).statusCode).toBe(
      409,
    );
    // A link to a record that does not exist names the refused field on its own, beside the message.
    const noVendorOrder = await S('POST', '/api/linked-orders/create', { order: order.id, vendorOrder: 999999 });
    expect(noVendorOrder.statusCode).toBe(400);
    expect(json(noVendorOrder)).toMatchObject({
      message: 'vendorOrder: vendor order 999999 does not exist.',
      issues: [{ field: 'vendorOrder', message: 'vendor order 999999 does not exist.' }],
    });
    const noOrder = json(await S('POST', '/api/linked-orders/create', { order: 999999, vendorOrder: vo.id }));
    expect(noOrder.issues).toEqual([{ field: 'order', message: 'order 999999 does not exist.' }]);
    const fromOrder = await data('GET', `/api/linked-orders/vendor-orders/${order.id}`);
    expect(fromOrder.map((l: any) => l.vendorOrder.name)).toEqual(['Clopay stock order #4471']);
    const fromVo = await data('GET', `/api/linked-orders/orders/${vo.id}`);
    expect(fromVo[0].order).toMatchObject({
      id: order.id,
      jobName: 'Needs springs',
      customerNo: 'C-4001',
      customerName: 'Sierra Door Installers',
      orderStatus: 'Open',
    });
    const del = await S('DELETE', `/api/vendor-orders/delete/${vo.id}`);
    expect(del.statusCode).toBe(409);
    expect(json(del).message).toMatch(/linked to 1 order/);
    const upd = await data('PUT', `/api/vendor-orders/update/${vo.id}`, { ...vo, status: 'Shipped' });
    expect(upd.status).toBe('Shipped');
    expect((await S('PUT', `/api/vendor-orders/update/${vo.id}`, { ...vo, status: 'Lost' })).statusCode).toBe(400);
    expect((await S('PUT', `/api/vendor-orders/update/${vo.id}`, { ...vo, status: 'Received' })).statusCode).toBe(409);
    // Deleting the order removes its links; then the vendor order can go.
    await t.admin('DELETE', `/api/orders/delete/${order.id}`);
    expect(await data('GET', `/api/linked-orders/orders/${vo.id}`)).toEqual([]);
    expect((await S('DELETE', `/api/vendor-orders/delete/${vo.id}`)).statusCode).toBe(200);
    const paged = await data('GET', '/api/vendor-orders/?size=10&status=ship');
    expect(paged.items).toEqual([]);
  });
});
