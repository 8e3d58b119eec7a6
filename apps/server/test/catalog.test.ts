import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, json, oneMadeRestRefused, userApi, type TestApp } from './support.js';

describe.each(engines())('catalogue API (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let types: Record<string, number>;
  const as = (cookie: string) => userApi(() => ({ t, cookie })).send;
  let A: ReturnType<typeof as>;
  let S: ReturnType<typeof as>;
  const tableCount = (table: 'products' | 'associated_parts' | 'package_modifiers') => t.rowCount(table);

  const part = async (itemNo: string, extra: object = {}) =>
    json(
      await A('POST', '/api/products/create', {
        itemNo,
        itemDescription: `${itemNo} part`,
        wholesalePrice: 12.5,
        productType: { id: types.Hardware },
        ...extra,
      }),
    ).data;

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.login();
    staff = await t.staff('counter');
    A = as(admin);
    S = as(staff);
    const list = json(await S('GET', '/api/dropdown/product-type')).data as {
      id: number;
      type: string;
      isPackage: boolean;
    }[];
    types = Object.fromEntries(list.map((x) => [x.type, x.id]));
    expect(list.find((x) => x.type === 'Door Package')?.isPackage).toBe(true);
    expect(list.find((x) => x.type === 'Part')?.isPackage).toBe(false);
  });
  afterAll(async () => t?.close());

  it('lists the order statuses', async () => {
    const statuses = json(await S('GET', '/api/dropdown/order-status')).data;
    expect(statuses.map((s: { type: string }) => s.type)).toEqual([
      'Open',
      'In Progress',
      'Awaiting Parts',
      'Ready for Pickup',
      'Completed',
      'Cancelled',
    ]);
    expect(statuses.filter((s: { closed: boolean }) => s.closed).map((s: { type: string }) => s.type)).toEqual([
      'Completed',
      'Cancelled',
    ]);
  });

  it('creates and reads a product with prices in dollars, and keeps item numbers unique', async () => {
    const res = await A('POST', '/api/products/create', {
      itemNo: 'ROL-10B',
      itemDescription: '2" nylon roller, 10 ball',
      wholesalePrice: 3.45,
      multiplierCategory: 'Residential',
      productType: { id: types.Hardware },
      modifierCostIncrease: 0.5,
    });
    expect(res.statusCode).toBe(201);
    const p = json(res).data;
    expect(p).toMatchObject({
      itemNo: 'ROL-10B',
      wholesalePrice: 3.45,
      modifierCostIncrease: 0.5,
      productType: { id: types.Hardware, type: 'Hardware' },
      isPackage: false,
      version: 1,
    });
    expect(json(await S('GET', `/api/products/${p.id}`)).data).toEqual(p);
    const dup = await A('POST', '/api/products/create', { itemNo: 'ROL-10B' });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).message).toBe(`Item No ROL-10B is already used by product ROL-10B (2" nylon roller, 10 ball).`);
    const other = await part('ROL-11B');
    const clash = await A('PUT', `/api/products/update/${other.id}`, { ...other, itemNo: 'ROL-10B' });
    expect(clash.statusCode).toBe(409);
  });

  it('refuses bad product bodies and writes nothing', async () => {
    const before = await tableCount('products');
    for (const [payload, field] of [
      [{ itemNo: '' }, 'itemNo'],
      [{ itemNo: 'X-1', wholesalePrice: -1 }, 'wholesalePrice'],
      [{ itemNo: 'X-1', wholesalePrice: 1.234 }, 'wholesalePrice'],
      [{ itemNo: 'X-1', wholesalePrice: 1e12 }, 'wholesalePrice'],
      [{ itemNo: 'X-1', multiplierCategory: 'Garage' }, 'multiplierCategory'],
      [{ itemNo: 'X-1', productType: { id: 99999 } }, 'productType'],
      [{ itemNo: 'X-1', productType: 'Part' }, 'productType'],
    ] as const) {
      const res = await A('POST', '/api/products/create', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      // The field in words: 'Wholesale price must ...' (issue 11: no schema paths).
      expect(json(res).message).toMatch(new RegExp(field.replace(/([a-z])([A-Z])/g, '$1 ?$2'), 'i'));
    }
    expect(await tableCount('products')).toBe(before);
  });

  it('keeps catalogue writes for administrators; staff may read', async () => {
    const p = await part('HNG-01');
    expect((await S('POST', '/api/products/create', { itemNo: 'STAFF-1' })).statusCode).toBe(403);
    expect((await S('PUT', `/api/products/update/${p.id}`, p)).statusCode).toBe(403);
    expect((await S('DELETE', `/api/products/delete/${p.id}`)).statusCode).toBe(403);
    expect((await S('POST', `/api/products/duplicate/${p.id}`, { itemNo: 'HNG-01b' })).statusCode).toBe(403);
    expect((await S('GET', `/api/products/${p.id}`)).statusCode).toBe(200);
    expect((await S('GET', `/api/package/associated-parts/${p.id}`)).statusCode).toBe(200);
  });

  describe('packages', () => {
    let pkg: { id: number; itemNo: string };
    let hinge: { id: number };
    let track: { id: number };
    let kit: { id: number };

    beforeAll(async () => {
      pkg = json(
        await A('POST', '/api/products/create', {
          itemNo: 'PKG-1607',
          itemDescription: '16x7 insulated steel sectional door package',
          wholesalePrice: 1185,
          multiplierCategory: 'Sectional',
          productType: { id: types['Door Package'] },
        }),
      ).data;
      hinge = await part('HNG-02');
      track = await part('TRK-2V');
      kit = await part('HLK-24', { modifierCostIncrease: 185 });
    });

    it('links associated parts with the child_* fields, and edits their quantity', async () => {
      const res = await A('POST', `/api/package/associated-parts/create/${pkg.id}`, {
        child: { id: hinge.id },
        quantity: 8,
      });
      expect(res.statusCode).toBe(201);
      await A('POST', `/api/package/associated-parts/create/${pkg.id}`, { child: track.id, quantity: 2 });
      const list = json(await S('GET', `/api/package/associated-parts/${pkg.id}`)).data;
      expect(list).toEqual([
        {
          id: expect.any(Number),
          quantity: 8,
          child_id: hinge.id,
          child_itemNo: 'HNG-02',
          child_itemDescription: 'HNG-02 part',
          child_wholesalePrice: 12.5,
          child_productType_type: 'Hardware',
        },
        {
          id: expect.any(Number),
          quantity: 2,
          child_id: track.id,
          child_itemNo: 'TRK-2V',
          child_itemDescription: 'TRK-2V part',
          child_wholesalePrice: 12.5,
          child_productType_type: 'Hardware',
        },
      ]);
      const upd = await A('PUT', `/api/package/associated-parts/update/${list[0].id}`, { ...list[0], quantity: 10 });
      expect(json(upd).data.quantity).toBe(10);
      expect((await A('PUT', `/api/package/associated-parts/update/${list[0].id}`, { quantity: 0 })).statusCode).toBe(
        400,
      );
    });

    it('refuses a package as a child, the package itself, a repeat, and a non-package parent', async () => {
      const before = await tableCount('associated_parts');
      const other = json(
        await A('POST', '/api/products/create', { itemNo: 'PKG-0907', productType: { id: types.Package } }),
      ).data;
      const cases: [number, object, number, RegExp][] = [
        [pkg.id, { child: other.id, quantity: 1 }, 400, /is a package/],
        [pkg.id, { child: pkg.id, quantity: 1 }, 400, /itself/],
        [pkg.id, { child: hinge.id, quantity: 1 }, 409, /already an associated part/],
        [hinge.id, { child: track.id, quantity: 1 }, 400, /not a package/],
        [pkg.id, { child: 999999, quantity: 1 }, 400, /does not exist/],
        [pkg.id, { child: track.id, quantity: -2 }, 400, /quantity/],
      ];
      for (const [parent, body, status, message] of cases) {
        const res = await A('POST', `/api/package/associated-parts/create/${parent}`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        expect(json(res).message).toMatch(new RegExp(message.source, 'i'));
      }
      // A refused child names its field on its own (the envelope's issues) beside the message.
      const itself = json(
        await A('POST', `/api/package/associated-parts/create/${pkg.id}`, { child: pkg.id, quantity: 1 }),
      );
      expect(itself).toMatchObject({
        message: 'child: a package cannot be an associated part of itself.',
        issues: [{ field: 'child', message: 'a package cannot be an associated part of itself.' }],
      });
      const missing = json(
        await A('POST', `/api/package/associated-parts/create/${pkg.id}`, { child: 999999, quantity: 1 }),
      );
      expect(missing.issues).toEqual([{ field: 'child', message: 'product 999999 does not exist.' }]);
      expect(await tableCount('associated_parts')).toBe(before);
    });

    it('adds modifiers in every category; LiftNotes carry notes only', async () => {
      const cats = ['Lift', 'Inches', 'Mount', 'Rads', 'Springs', 'Windows', 'Inserts'];
      for (const category of cats) {
        const res = await A('POST', `/api/package/modifiers/create/${pkg.id}`, {
          packageId: pkg.id,
          category,
          name: `${category} option`,
          quantity: 2,
          product: { id: kit.id },
          notes: category === 'Inches' ? '24' : null,
        });
        expect(res.statusCode, category).toBe(201);
      }
      const notes = await A('POST', `/api/package/modifiers/create/${pkg.id}`, {
        category: 'LiftNotes',
        name: 'ignored',
        quantity: 5,
        product: { id: kit.id },
        notes: 'HL 24 in, jackshaft opener',
      });
      expect(json(notes).data).toMatchObject({
        category: 'LiftNotes',
        name: null,
        product: null,
        quantity: 1,
        notes: 'HL 24 in, jackshaft opener',
      });
      const list = json(await S('GET', `/api/package/modifiers/package/${pkg.id}`)).data;
      expect(list).toHaveLength(8);
      expect(list[0]).toMatchObject({
        packageId: pkg.id,
        category: 'Lift',
        name: 'Lift option',
        quantity: 2,
        product: { id: kit.id, itemNo: 'HLK-24', modifierCostIncrease: 185 },
      });
      const upd = await A('PUT', `/api/package/modifiers/update/${list[0].id}`, {
        ...list[0],
        name: 'High lift',
        quantity: 1,
      });
      expect(json(upd).data).toMatchObject({ name: 'High lift', quantity: 1, version: 2 });
      const stale = await A('PUT', `/api/package/modifiers/update/${list[0].id}`, { ...list[0], name: 'Stale' });
      expect(stale.statusCode).toBe(409);
    });

    it('refuses modifiers without a package, bad categories and missing fields', async () => {
      const before = await tableCount('package_modifiers');
      const cases: [number, object, number, RegExp][] = [
        [hinge.id, { category: 'Lift', name: 'x', product: kit.id }, 400, /not a package/],
        [pkg.id, { category: 'Doors', name: 'x', product: kit.id }, 400, /category/],
        [pkg.id, { category: 'Lift', product: kit.id }, 400, /name/],
        [pkg.id, { category: 'Lift', name: 'x' }, 400, /product/],
        [pkg.id, { category: 'LiftNotes' }, 400, /notes/],
        [pkg.id, { category: 'Mount', name: 'x', product: pkg.id }, 400, /is a package/],
        [pkg.id, { category: 'Mount', name: 'x', product: kit.id, quantity: 0 }, 400, /quantity/],
        [999999, { category: 'Mount', name: 'x', product: kit.id }, 404, /does not exist/],
      ];
      for (const [parent, body, status, message] of cases) {
        const res = await A('POST', `/api/package/modifiers/create/${parent}`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        expect(json(res).message).toMatch(new RegExp(message.source, 'i'));
      }
      expect(await tableCount('package_modifiers')).toBe(before);
    });

    it('duplicates a package deeply under the edited item number', async () => {
      const res = await A('POST', `/api/products/duplicate/${pkg.id}`, { itemNo: 'PKG-1607 - copy' });
      expect(res.statusCode).toBe(201);
      const copy = json(res).data;
      expect(copy).toMatchObject({ itemNo: 'PKG-1607 - copy', wholesalePrice: 1185, isPackage: true });
      const strip = (rows: { id: number }[]) => rows.map(({ id: _id, ...r }) => r);
      expect(strip(json(await S('GET', `/api/package/associated-parts/${copy.id}`)).data)).toEqual(
        strip(json(await S('GET', `/api/package/associated-parts/${pkg.id}`)).data),
      );
      const mods = (id: number) =>
        S('GET', `/api/package/modifiers/package/${id}`).then((r) =>
          json(r).data.map(
            ({ id: _i, packageId: _p, version: _v, ...m }: { id: number; packageId: number; version: number }) => m,
          ),
        );
      expect(await mods(copy.id)).toEqual(await mods(pkg.id));
      expect((await A('POST', `/api/products/duplicate/${pkg.id}`, { itemNo: 'PKG-1607 - copy' })).statusCode).toBe(
        409,
      );
      expect((await A('POST', `/api/products/duplicate/999999`, { itemNo: 'nope' })).statusCode).toBe(404);
    });

    it('refuses deleting a product used by a package or a document, and says why', async () => {
      const del = await A('DELETE', `/api/products/delete/${hinge.id}`);
      expect(del.statusCode).toBe(409);
      expect(json(del).message).toBe(
        'Product HNG-02 (id ' + hinge.id + ') cannot be deleted: it is used by the associated parts of 2 packages.',
      );
      const kitDel = await A('DELETE', `/api/products/delete/${kit.id}`);
      expect(json(kitDel).message).toMatch(/package modifiers/);
      const now = new Date().toISOString();
      const db = t.db.database.db;
      const c = await db
        .insertInto('customers')
        .values({ name: 'Doc Customer', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const q = await db
        .insertInto('quotes')
        .values({ customer_id: c.id, quote_date: '2026-11-01', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('quote_parts')
        .values({ quote_id: q.id, product_id: pkg.id, quantity: 1, created_at: now })
        .execute();
      const pkgDel = await A('DELETE', `/api/products/delete/${pkg.id}`);
      expect(pkgDel.statusCode).toBe(409);
      expect(json(pkgDel).message).toMatch(/1 quote line/);
    });

    it('deletes an unused package with its composition', async () => {
      const copy = json(await A('POST', `/api/products/duplicate/${pkg.id}`, { itemNo: 'PKG-TEMP' })).data;
      const res = await A('DELETE', `/api/products/delete/${copy.id}`);
      expect(res.statusCode).toBe(200);
      expect(json(await S('GET', `/api/package/associated-parts/${copy.id}`)).data).toEqual([]);
      expect(json(await S('GET', `/api/package/modifiers/package/${copy.id}`)).data).toEqual([]);
    });

    it('keeps a package a package while it has parts, and a child a part', async () => {
      const p = json(await S('GET', `/api/products/${pkg.id}`)).data;
      const res = await A('PUT', `/api/products/update/${pkg.id}`, { ...p, productType: { id: types.Part } });
      expect(res.statusCode).toBe(409);
      const h = json(await S('GET', `/api/products/${hinge.id}`)).data;
      const res2 = await A('PUT', `/api/products/update/${hinge.id}`, { ...h, productType: { id: types.Package } });
      expect(res2.statusCode).toBe(409);
      expect(json(res2).message).toMatch(/cannot be part of another package/);
    });

    it('lists products in pages, filters by type and kind, excludes packages for the package linker', async () => {
      const parts = json(await S('GET', '/api/products/?kind=part')).data;
      expect(parts.every((x: { isPackage: boolean }) => !x.isPackage)).toBe(true);
      const packages = json(await S('GET', '/api/products/?kind=package&size=10')).data;
      expect(packages.items.every((x: { isPackage: boolean }) => x.isPackage)).toBe(true);
      const byType = json(await S('GET', '/api/products/?productType=hard&sort=-itemNo&size=30')).data;
      expect(byType.items.length).toBeGreaterThan(3);
      const names = byType.items.map((x: { itemNo: string }) => x.itemNo);
      expect(names).toEqual([...names].sort().reverse());
      const price = json(await S('GET', '/api/products/?wholesalePrice=1185')).data;
      expect(price.items.map((x: { itemNo: string }) => x.itemNo)).toContain('PKG-1607');
      expect((await S('GET', '/api/products/?kind=kit')).statusCode).toBe(400);
    });
  });

  it('refuses an item number that differs only by case or spaces, on create, update and duplicate, naming the product (issue 36)', async () => {
    const seal = await part('SEAL-T-16', { itemDescription: 'Bottom seal T 16 ft' });
    const before = await tableCount('products');
    const named = 'is already used by product SEAL-T-16 (Bottom seal T 16 ft).';
    for (const itemNo of ['SEAL-T-16', 'seal-t-16 ', ' Seal-T-16']) {
      const res = await A('POST', '/api/products/create', { itemNo, productType: { id: types.Hardware } });
      expect(res.statusCode, itemNo).toBe(409);
      expect(json(res).message).toBe(`Item No ${itemNo.trim()} ${named}`);
    }
    const other = await part('SEAL-T-18');
    const clash = await A('PUT', `/api/products/update/${other.id}`, { ...other, itemNo: 'seal-t-16 ' });
    expect(clash.statusCode).toBe(409);
    expect(json(clash).message).toBe(`Item No seal-t-16 ${named}`);
    const copy = await A('POST', `/api/products/duplicate/${other.id}`, { itemNo: 'SEAL-t-16  ' });
    expect(copy.statusCode).toBe(409);
    expect(json(copy).message).toBe(`Item No SEAL-t-16 ${named}`);
    expect(await tableCount('products')).toBe(before + 1);
    // Its own number in another case is its own.
    const self = await A('PUT', `/api/products/update/${seal.id}`, { ...seal, itemNo: 'Seal-T-16' });
    expect(self.statusCode).toBe(200);
    expect(json(self).data.itemNo).toBe('Seal-T-16');
  });

  it('50 administrators creating the same item number at once in different cases: exactly one product (issue 36)', async () => {
    const before = await tableCount('products');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        A('POST', '/api/products/create', {
          itemNo: ['RACE-7', 'race-7', 'Race-7 '][i % 3],
          itemDescription: `Racer ${i}`,
          productType: { id: types.Hardware },
        }),
      ),
    );
    const { made: winner, refusals } = oneMadeRestRefused(answers);
    for (const message of refusals)
      expect(message).toMatch(
        new RegExp(
          `^Item No (RACE-7|race-7|Race-7) is already used by product ${winner.itemNo} \\(${winner.itemDescription}\\)\\.$`,
        ),
      );
    expect(await tableCount('products')).toBe(before + 1);
  });
});
