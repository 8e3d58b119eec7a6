/**
 * Import (issue 20; docs/architecture.md section 15): products, customers and vendor orders from
 * CSV or XLSX. Each kind of bad row gives its problem on its row; mode 'all' writes nothing on a
 * problem, 'valid' writes the rest; a re-import updates (no duplicates) with history 'import';
 * every dialect of the same table gives the same result; the mapping is remembered per headers;
 * one import of a kind at a time, and an Idempotency-Key answers 50 retries with one job.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { engines, json, suiteApp } from './support.js';
import { csv, form, windows1252, withBom, xlsx, type Table } from './import-files.js';
import { snapshotDb } from './db-snapshot.js';
import { decodeText, detectDelimiter, parseCsv } from '../src/modules/import/import.file.js';

type Problem = { row: number; column: string; message: string };

describe('CSV reading', () => {
  it('reads quoted fields with delimiters, line breaks and quotes; relaxed quotes; empty fields', () => {
    expect(parseCsv('a,b,c\r\n"x, y","line\nbreak","say ""hi"""\n5 "in",,\n', ',')).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'line\nbreak', 'say "hi"'],
      ['5 "in"', '', ''],
    ]);
    expect(parseCsv('a;b\r\n\r\n1;2', ';')).toEqual([['a', 'b'], [''], ['1', '2']]);
    expect(parseCsv('a,', ',')).toEqual([['a', '']]);
    expect(detectDelimiter('"a;b",c,d;e\nx;y;z;w')).toBe(',');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
    expect(decodeText(new Uint8Array([0x43, 0x72, 0xe8, 0x6d, 0x65]))).toBe('Crème');
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x43, 0x72, 0xc3, 0xa8, 0x6d, 0x65]))).toBe('Crème');
  });
});

describe.each(engines())('import (%s)', (engine) => {
  const suite = suiteApp(engine);

  const post = async (
    kind: string,
    file: Uint8Array | string,
    fields: Record<string, string> = {},
    opts: { cookie?: string; name?: string; headers?: Record<string, string> } = {},
  ) => {
    const f = await form(file, fields, opts.name);
    return suite.t.app.inject({
      method: 'POST',
      url: `/api/import/${kind}`,
      payload: f.payload,
      headers: { ...f.headers, ...(opts.cookie === '' ? {} : { cookie: opts.cookie ?? suite.admin }), ...opts.headers },
    });
  };
  const preview = async (kind: string, file: Uint8Array | string, fields: Record<string, string> = {}) => {
    const res = await post(kind, file, { ...fields, dryRun: 'true' });
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data;
  };
  const job = async (id: number) => json(await suite.t.send(suite.admin, 'GET', `/api/import/jobs/${id}`)).data;
  /** The job once it has stopped running, read every 25 ms (by `read`, another instance's say). */
  const finished = async (id: number, read = job) => {
    for (let i = 0; i < 1200; i++) {
      const j = await read(id);
      if (j.state !== 'running') return j;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`the import job ${id} did not finish`);
  };
  /** Runs an import to its end; answers the finished job. */
  const run = async (kind: string, file: Uint8Array | string, fields: Record<string, string> = {}) => {
    const res = await post(kind, file, fields);
    expect(res.statusCode, res.body).toBe(202);
    return finished(json(res).data.jobId as number);
  };
  const productByItem = async (itemNo: string) => {
    const page = await suite.t.admin('GET', `/api/products/?page=1&size=10&itemNo=${encodeURIComponent(itemNo)}`);
    return (page.items as Array<{ id: number; itemNo: string }>).filter((p) => p.itemNo === itemNo);
  };

  const PRODUCT_HEADER = ['Item #', 'Description', 'Type', 'Category', 'Wholesale Price', 'Modifier Cost', 'Parts'];
  const goodProducts: Table = [
    PRODUCT_HEADER,
    ['IMP-HNG-02', '#2 hinge, galvanisé', 'Hardware', 'sectional', '$1,234.50', '0', ''],
    ['IMP-ROL-10', 'Nylon roller 10 ball', 'Part', '', '845', '2.5', ''],
    [
      'IMP-PKG-1607',
      '16x7 insulated steel sectional door package',
      'Door Package',
      'Residential',
      '845.00',
      '',
      'IMP-HNG-02 x 10; IMP-ROL-10 x 12',
    ],
  ];

  it('refuses the signed-out (401) and staff (403); a bad kind is a 400', async () => {
    expect((await post('products', csv(goodProducts), {}, { cookie: '' })).statusCode).toBe(401);
    const clerk = await suite.t.staff('import-clerk');
    const staff = await post('products', csv(goodProducts), { dryRun: 'true' }, { cookie: clerk });
    expect(staff.statusCode).toBe(403);
    const bad = await post('things', csv(goodProducts));
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toMatch(/products, customers or vendor-orders/);
  });

  it('previews: guessed mapping, counts, sample; writes nothing', async () => {
    const before = await snapshotDb(suite.t.db.database);
    const p = await preview('products', csv(goodProducts));
    expect(p).toMatchObject({ rows: 3, creates: 3, updates: 0, problemCount: 0, mappingSource: 'guessed' });
    expect(p.mapping).toEqual({
      itemNo: 'Item #',
      itemDescription: 'Description',
      productType: 'Type',
      multiplierCategory: 'Category',
      wholesalePrice: 'Wholesale Price',
      modifierCostIncrease: 'Modifier Cost',
      associatedParts: 'Parts',
    });
    expect(p.sample[0]).toMatchObject({ itemNo: 'IMP-HNG-02', wholesalePrice: '$1,234.50' });
    expect(await snapshotDb(suite.t.db.database)).toEqual(before);
  });

  it('gives each of more than 20 kinds of bad row its problem, on its row', async () => {
    await run(
      'products',
      csv([PRODUCT_HEADER, ['IMP-EXIST-PKG', 'A package already there', 'Package', '', '10', '', '']]),
    );
    const products: Table = [
      PRODUCT_HEADER,
      ['BAD-OK-1', 'fine', 'Hardware', '', '1', '', ''], // 2
      ['BAD-OK-1', 'again', 'Hardware', '', '1', '', ''], // 3 duplicate
      ['BAD-2', 'x', 'Pakage', '', '1', '', ''], // 4 unknown type
      ['BAD-3', 'x', 'Hardware', '', 'abc', '', ''], // 5 not money
      ['BAD-4', 'x', 'Hardware', '', '12.345', '', ''], // 6 3 decimals
      ['BAD-5', 'x', 'Hardware', '', '-5', '', ''], // 7 negative
      ['', 'no item', 'Hardware', '', '1', '', ''], // 8 missing item no
      ['X'.repeat(65), 'x', 'Hardware', '', '1', '', ''], // 9 item no too long
      ['BAD-8', 'd'.repeat(501), 'Hardware', '', '1', '', ''], // 10 description too long
      ['BAD-9', 'x', 'Hardware', 'Resi', '1', '', ''], // 11 unknown category
      ['BAD-10', 'x', 'Package', '', '1', '', 'NOPE-1 x 2'], // 12 unknown part
      ['BAD-11', 'x', 'Package', '', '1', '', 'BAD-OK-1 x 0'], // 13 quantity 0
      ['BAD-12', 'x', 'Package', '', '1', '', 'IMP-EXIST-PKG x 1'], // 14 part is a package
      ['BAD-13', 'x', 'Hardware', '', '1', '', 'BAD-OK-1 x 1'], // 15 parts on a non-package
      ['BAD-14', 'x', 'Package', '', '1', '', 'BAD-OK-1 x 1; BAD-OK-1 x 2'], // 16 part twice
      ['BAD-15', 'x', 'Hardware', '', '1', '1.2.3', ''], // 17 modifier cost not money
      ['BAD-16', 'x', 'Hardware', '', '20,000,000', '', ''], // 18 above the limit
    ];
    const pp = await preview('products', csv(products));
    const expected: Problem[] = [
      { row: 3, column: 'Item #', message: 'Item No BAD-OK-1 appears twice (rows 3 and 2)' },
      { row: 4, column: 'Type', message: "Product type 'Pakage' does not exist" },
      { row: 5, column: 'Wholesale Price', message: "Wholesale price 'abc' is not an amount of money" },
      { row: 6, column: 'Wholesale Price', message: "Wholesale price '12.345' must have at most 2 decimals" },
      { row: 7, column: 'Wholesale Price', message: "Wholesale price '-5' must not be negative" },
      { row: 8, column: 'Item #', message: 'Item No is required' },
      { row: 9, column: 'Item #', message: `Item No '${'X'.repeat(37)}...' must be at most 64 characters` },
      { row: 10, column: 'Description', message: `Description '${'d'.repeat(37)}...' must be at most 500 characters` },
      {
        row: 11,
        column: 'Category',
        message: "Multiplier category 'Resi' must be Residential, Opener, Sectional or Commercial",
      },
      { row: 12, column: 'Parts', message: "Associated part 'NOPE-1' does not exist" },
      { row: 13, column: 'Parts', message: "Associated part 'BAD-OK-1' quantity '0' must be at least 1" },
      {
        row: 14,
        column: 'Parts',
        message: 'Associated part IMP-EXIST-PKG is a package, and a package cannot be part of another package',
      },
      {
        row: 15,
        column: 'Parts',
        message: "Associated parts are only for packages, and product type 'Hardware' is not a package",
      },
      { row: 16, column: 'Parts', message: "Associated part 'BAD-OK-1' is listed twice" },
      { row: 17, column: 'Modifier Cost', message: "Modifier cost increase '1.2.3' is not an amount of money" },
      { row: 18, column: 'Wholesale Price', message: "Wholesale price '20,000,000' must be at most 10,000,000" },
    ];
    expect(pp.problems).toEqual(expected);
    expect(pp).toMatchObject({ rows: 17, creates: 1, problemCount: 16, badRows: 16 });

    const customers: Table = [
      ['Cust No', 'Company', 'E-mail', 'Use Tax', 'Residential', 'Opener', 'Zip', 'Ship-to City'],
      ['C-OK', 'Fine Doors', 'a@b.com', 'yes', '0.85', '1', '94110', ''], // 2
      ['C-1', 'Acme', 'not-an-email', 'no', '1', '1', '', ''], // 3 bad e-mail
      ['C-2', 'Acme', '', 'maybe', '1', '1', '', ''], // 4 bad boolean
      ['C-3', 'Acme', '', '', 'abc', '1', '', ''], // 5 not a number
      ['C-4', 'Acme', '', '', '101', '1', '', ''], // 6 above 100
      ['C-5', 'Acme', '', '', '0.12345', '1', '', ''], // 7 5 decimals
      ['C-6', '', '', '', '1', '1', '', ''], // 8 missing name
      ['C-OK', 'Twice', '', '', '1', '1', '', ''], // 9 duplicate number
      ['C-8', 'Acme', '', '', '1', '1', '9'.repeat(21), ''], // 10 zip too long
      ['C-9', 'Acme', '', '', '1', '1', '', 'c'.repeat(101)], // 11 city too long
    ];
    const cp = await preview('customers', csv(customers));
    expect(cp.problems).toEqual([
      { row: 3, column: 'E-mail', message: "E-mail 'not-an-email' must be an e-mail address" },
      { row: 4, column: 'Use Tax', message: "Use tax 'maybe' is not yes or no (write yes/no, true/false or 1/0)" },
      { row: 5, column: 'Residential', message: "Residential multiplier 'abc' is not a number" },
      { row: 6, column: 'Residential', message: "Residential multiplier '101' must be at most 100" },
      { row: 7, column: 'Residential', message: "Residential multiplier '0.12345' must have at most 4 decimals" },
      { row: 8, column: 'Company', message: 'Name is required' },
      { row: 9, column: 'Cust No', message: 'Customer No C-OK appears twice (rows 9 and 2)' },
      { row: 10, column: 'Zip', message: `Zip code '${'9'.repeat(21)}' must be at most 20 characters` },
      {
        row: 11,
        column: 'Ship-to City',
        message: `Ship-to city '${'c'.repeat(37)}...' must be at most 100 characters`,
      },
    ]);

    const vendor: Table = [
      ['PO', 'Notes', 'ETA', 'Status', 'Received'],
      ['VO-OK', 'springs', '12/24/2026', 'ordered', ''], // 2
      ['VO-1', '', 'next week', 'Ordered', ''], // 3 bad date
      ['VO-2', '', '2026-02-30', 'Ordered', ''], // 4 not a real date
      ['VO-3', '', '', 'Lost', ''], // 5 unknown status
      ['', 'no name', '', 'Ordered', ''], // 6 missing name
      ['VO-5', '', '', 'Received', '13/45/2026'], // 7 bad received date
    ];
    const vp = await preview('vendor-orders', csv(vendor));
    expect(vp.problems).toEqual([
      { row: 3, column: 'ETA', message: "Estimated arrival 'next week' must be a date YYYY-MM-DD" },
      { row: 4, column: 'ETA', message: "Estimated arrival '2026-02-30' must be a real date" },
      { row: 5, column: 'Status', message: "Status 'Lost' must be one of Ordered, Shipped, Received, Cancelled" },
      { row: 6, column: 'PO', message: 'Name is required' },
      { row: 7, column: 'Received', message: "Received date '13/45/2026' must be a real date" },
    ]);
    // 16 + 9 + 5 problems, of 27 kinds.
    const kinds = new Set(
      [...pp.problems, ...cp.problems, ...vp.problems].map((p: Problem) => p.message.replace(/'[^']*'|\d+/g, '_')),
    );
    expect(kinds.size).toBeGreaterThanOrEqual(20);

    // Mode all: nothing written, the job failed with the problems.
    const before = await snapshotDb(suite.t.db.database, { exclude: ['import_jobs', 'idempotency_keys'] });
    const failed = await run('products', csv(products));
    expect(failed).toMatchObject({ state: 'failed', created: 0, updated: 0, problemCount: 16 });
    expect(failed.problems).toEqual(expected);
    expect(failed.message).toBe('Nothing was imported: 16 of 17 rows have a problem.');
    expect(await snapshotDb(suite.t.db.database, { exclude: ['import_jobs', 'idempotency_keys'] })).toEqual(before);

    // Mode valid: the one good row (and the first BAD-OK-1) written, the rest skipped.
    const valid = await run('products', csv(products), { mode: 'valid' });
    expect(valid).toMatchObject({ state: 'done', created: 1, updated: 0, skipped: 16, total: 17, processed: 17 });
    expect(await productByItem('BAD-OK-1')).toHaveLength(1);
    expect(await productByItem('BAD-2')).toHaveLength(0);
    const vv = await run('vendor-orders', csv(vendor), { mode: 'valid' });
    expect(vv).toMatchObject({ state: 'done', created: 1, skipped: 5 });
  });

  it('imports products with their parts, then a re-import updates them (no duplicates) with history "import"', async () => {
    const first = await run('products', csv(goodProducts));
    expect(first).toMatchObject({ state: 'done', created: 3, updated: 0, skipped: 0, processed: 3, total: 3 });
    const [pkg] = await productByItem('IMP-PKG-1607');
    const full = await suite.t.admin('GET', `/api/products/${pkg!.id}`);
    expect(full).toMatchObject({ wholesalePrice: 845, multiplierCategory: 'Residential', isPackage: true });
    const parts = await suite.t.admin('GET', `/api/package/associated-parts/${pkg!.id}`);
    expect(parts.map((p: { child_itemNo: string; quantity: number }) => [p.child_itemNo, p.quantity]).sort()).toEqual([
      ['IMP-HNG-02', 10],
      ['IMP-ROL-10', 12],
    ]);
    const [hinge] = await productByItem('IMP-HNG-02');
    expect(await suite.t.admin('GET', `/api/products/${hinge!.id}`)).toMatchObject({
      wholesalePrice: 1234.5,
      multiplierCategory: 'Sectional',
      itemDescription: '#2 hinge, galvanisé',
    });

    const changed = goodProducts.map((r) => [...r]);
    changed[1]![4] = '1,300.00';
    changed[3]![6] = 'IMP-HNG-02 x 8';
    const p = await preview('products', csv(changed));
    expect(p).toMatchObject({ creates: 0, updates: 2, unchanged: 1 });
    const second = await run('products', csv(changed));
    expect(second).toMatchObject({ state: 'done', created: 0, updated: 2 });
    expect(await productByItem('IMP-HNG-02')).toHaveLength(1);
    expect((await suite.t.admin('GET', `/api/products/${hinge!.id}`)).wholesalePrice).toBe(1300);
    const after = await suite.t.admin('GET', `/api/package/associated-parts/${pkg!.id}`);
    expect(after.map((x: { child_itemNo: string; quantity: number }) => [x.child_itemNo, x.quantity])).toEqual([
      ['IMP-HNG-02', 8],
    ]);
    const history = await suite.t.admin('GET', `/api/products/${hinge!.id}/history`);
    expect(
      history.items.map((h: { action: string; field: string | null; from: string | null; to: string | null }) => [
        h.action,
        h.field,
        h.from,
        h.to,
      ]),
    ).toEqual([
      ['import', 'wholesalePrice', '1234.50', '1300.00'],
      ['import', null, null, 'IMP-HNG-02'],
    ]);
    const pkgHistory = await suite.t.admin('GET', `/api/products/${pkg!.id}/history`);
    expect(pkgHistory.items[0]).toMatchObject({
      action: 'import',
      field: 'associatedParts',
      from: 'IMP-HNG-02 x 10; IMP-ROL-10 x 12',
      to: 'IMP-HNG-02 x 8',
    });
  });

  it('re-imports customers and vendor orders by number and name, each change in their history as an import', async () => {
    const customers: Table = [
      ['Customer No', 'Name', 'Street', 'City', 'Use Tax', 'Opener'],
      ['HIS-1', 'History Doors', '1 Main St', 'Fresno', 'no', '0.9'],
    ];
    expect(await run('customers', csv(customers))).toMatchObject({ state: 'done', created: 1 });
    // Only the city changes; the empty street cell keeps the stored street.
    const again: Table = [customers[0]!, ['HIS-1', 'History Doors', '', 'Clovis', 'yes', '0.9']];
    expect(await run('customers', csv(again))).toMatchObject({ state: 'done', created: 0, updated: 1 });
    const list = await suite.t.admin('GET', '/api/customers/?page=1&size=10&customerNo=HIS-1');
    expect(list.items).toHaveLength(1);
    const id = list.items[0].id;
    expect(await suite.t.admin('GET', `/api/customers/${id}`)).toMatchObject({
      streetAddress: { street: '1 Main St', city: 'Clovis' },
      useTax: true,
    });
    const h = await suite.t.admin('GET', `/api/customers/${id}/history`);
    const rows = (items: Array<{ action: string; field: string | null; from: string | null; to: string | null }>) =>
      items.map((x) => [x.action, x.field, x.from, x.to]);
    expect(rows(h.items)).toEqual([
      ['import', 'useTax', 'no', 'yes'],
      ['import', 'streetAddress.city', 'Fresno', 'Clovis'],
      ['import', null, null, 'History Doors'],
    ]);

    const vendor: Table = [
      ['Name', 'Status', 'ETA'],
      ['VO-HIS-1', 'Ordered', '2026-12-01'],
    ];
    expect(await run('vendor-orders', csv(vendor))).toMatchObject({ state: 'done', created: 1 });
    const received: Table = [vendor[0]!, ['VO-HIS-1', 'received', '2026-12-01']];
    expect(await run('vendor-orders', csv(received))).toMatchObject({ state: 'done', updated: 1 });
    const vos = await suite.t.admin('GET', '/api/vendor-orders/?page=1&size=10&name=VO-HIS-1');
    const vo = await suite.t.admin('GET', `/api/vendor-orders/${vos.items[0].id}`);
    // Marked Received without a date: today's, as the screen does.
    expect(vo).toMatchObject({ status: 'Received', receivedDate: '2026-11-02' });
    const vh = await suite.t.admin('GET', `/api/vendor-orders/${vo.id}/history`);
    expect(rows(vh.items)).toEqual([
      ['import', 'receivedDate', null, '2026-11-02'],
      ['import', 'status', 'Ordered', 'Received'],
      ['import', null, null, 'VO-HIS-1'],
    ]);
    // A clerk's change on the screen is in the same history.
    await suite.t.admin('PUT', `/api/vendor-orders/update/${vo.id}`, { ...vo, description: 'Springs, 2 pallets' });
    const after = await suite.t.admin('GET', `/api/vendor-orders/${vo.id}/history`);
    expect(rows(after.items)[0]).toEqual(['changed', 'description', null, 'Springs, 2 pallets']);
  });

  it('matches item and customer numbers case-blind and trimmed: a re-import in other case updates, never duplicates (issue 36)', async () => {
    const types = await suite.t.productTypes();
    const seal = await suite.t.admin('POST', '/api/products/create', {
      itemNo: 'CB-SEAL-16',
      itemDescription: 'Bottom seal 16 ft',
      wholesalePrice: 20,
      productType: { id: types.Hardware },
    });
    const products: Table = [PRODUCT_HEADER, ['cb-seal-16 ', 'Bottom seal 16 ft', 'Hardware', '', '22.5', '0', '']];
    const p = await preview('products', csv(products));
    expect(p).toMatchObject({ creates: 0, updates: 1, problemCount: 0 });
    expect(await run('products', csv(products))).toMatchObject({ state: 'done', created: 0, updated: 1 });
    expect(await suite.t.admin('GET', `/api/products/${seal.id}`)).toMatchObject({
      itemNo: 'CB-SEAL-16',
      wholesalePrice: 22.5,
    });
    // Two rows of one number in two cases are one number said twice.
    const twice = await preview(
      'products',
      csv([
        PRODUCT_HEADER,
        ['CB-NEW-1', 'a', 'Hardware', '', '1', '0', ''],
        ['cb-new-1', 'b', 'Hardware', '', '1', '0', ''],
      ]),
    );
    expect(twice.problems).toEqual([
      { row: 3, column: 'Item #', message: 'Item No cb-new-1 appears twice (rows 3 and 2)' },
    ]);

    const acme = await suite.t.admin('POST', '/api/customers/create', {
      name: 'Case Blind Doors',
      customerNo: 'CB-1001',
    });
    const customers: Table = [
      ['Customer No', 'Name', 'City'],
      [' cb-1001', 'Case Blind Doors', 'Visalia'],
    ];
    expect(await preview('customers', csv(customers))).toMatchObject({ creates: 0, updates: 1, problemCount: 0 });
    expect(await run('customers', csv(customers))).toMatchObject({ state: 'done', created: 0, updated: 1 });
    const list = await suite.t.admin('GET', '/api/customers/?page=1&size=10&customerNo=CB-1001');
    expect(list.items.map((c: { id: number }) => c.id)).toEqual([acme.id]);
    expect(list.items[0]).toMatchObject({ customerNo: 'CB-1001' });
    const dup = await preview('customers', csv([customers[0]!, ['CB-2002', 'One', ''], ['cb-2002 ', 'Two', '']]));
    expect(dup.problems).toEqual([
      { row: 3, column: 'Customer No', message: 'Customer No cb-2002 appears twice (rows 3 and 2)' },
    ]);
  });

  it('the preview names each row it will update, with the old and new values (issue 36)', async () => {
    const types = await suite.t.productTypes();
    await suite.t.admin('POST', '/api/products/create', {
      itemNo: 'PV-ROL-1',
      itemDescription: 'Roller',
      wholesalePrice: 3,
      productType: { id: types.Hardware },
    });
    await suite.t.admin('POST', '/api/products/create', {
      itemNo: 'PV-ROL-2',
      itemDescription: 'Same',
      productType: { id: types.Hardware },
    });
    const products: Table = [
      PRODUCT_HEADER,
      ['PV-ROL-1', 'Nylon roller', 'Hardware', 'Opener', '3.25', '0', ''],
      ['PV-ROL-2', 'Same', 'Hardware', '', '0', '0', ''],
      ['PV-NEW-9', 'New one', 'Hardware', '', '1', '0', ''],
    ];
    const p = await preview('products', csv(products));
    expect(p).toMatchObject({ creates: 1, updates: 1, unchanged: 1 });
    expect(p.updated).toEqual([
      {
        row: 2,
        record: 'PV-ROL-1',
        changes: [
          { field: 'itemDescription', label: 'Description', from: 'Roller', to: 'Nylon roller' },
          { field: 'wholesalePrice', label: 'Wholesale price', from: '3.00', to: '3.25' },
          { field: 'multiplierCategory', label: 'Multiplier category', from: null, to: 'Opener' },
        ],
      },
    ]);

    await suite.t.admin('POST', '/api/customers/create', {
      name: 'Preview Doors',
      customerNo: 'PV-1',
      streetAddress: { street: '1 Oak St', city: 'Fresno' },
    });
    const c = await preview(
      'customers',
      csv([
        ['Customer No', 'Name', 'City', 'Ship City'],
        ['pv-1', 'Preview Doors', 'Clovis', 'Madera'],
      ]),
    );
    expect(c.updated).toEqual([
      {
        row: 2,
        record: 'PV-1 Preview Doors',
        changes: [
          { field: 'streetAddress.city', label: 'City', from: 'Fresno', to: 'Clovis' },
          { field: 'shipTo.city', label: 'Ship-to city', from: null, to: 'Madera' },
        ],
      },
    ]);

    await suite.t.admin('POST', '/api/vendor-orders/create', { name: 'PV-VO-1', status: 'Ordered' });
    const v = await preview(
      'vendor-orders',
      csv([
        ['Name', 'Status', 'ETA'],
        ['PV-VO-1', 'Shipped', '2026-12-04'],
      ]),
    );
    expect(v.updated).toEqual([
      {
        row: 2,
        record: 'PV-VO-1',
        changes: [
          { field: 'estimatedArrival', label: 'Estimated arrival', from: null, to: '2026-12-04' },
          { field: 'status', label: 'Status', from: 'Ordered', to: 'Shipped' },
        ],
      },
    ]);
  });

  it('skips, in mode valid, a package whose part is on a row with a problem, saying which', async () => {
    const table: Table = [
      PRODUCT_HEADER,
      ['SKIP-PART', 'A part', 'Hardware', '', 'oops', '', ''],
      ['SKIP-PKG', 'A package', 'Package', '', '100', '', 'SKIP-PART x 2'],
      ['SKIP-OK', 'Fine', 'Hardware', '', '1', '', ''],
    ];
    const p = await preview('products', csv(table));
    expect(p.problems).toEqual([
      { row: 2, column: 'Wholesale Price', message: "Wholesale price 'oops' is not an amount of money" },
      { row: 3, column: 'Parts', message: 'Associated part SKIP-PART is on row 2, which has a problem' },
    ]);
    expect(await run('products', csv(table), { mode: 'valid' })).toMatchObject({
      state: 'done',
      created: 1,
      skipped: 2,
    });
    expect(await productByItem('SKIP-PKG')).toHaveLength(0);
  });

  it('fails a job left running by a stopped server when the next import of its kind starts', async () => {
    const { db } = suite.t.db.database;
    await db
      .insertInto('import_jobs')
      .values({
        kind: 'vendor-orders',
        mode: 'all',
        state: 'running',
        active_kind: 'vendor-orders',
        started_at: '2026-11-01T08:00:00.000Z',
        updated_at: '2026-11-01T08:00:00.000Z',
      })
      .execute();
    const done = await run('vendor-orders', csv([['Name'], ['VO-AFTER-STALE']]));
    expect(done).toMatchObject({ state: 'done', created: 1 });
    const stale = await db
      .selectFrom('import_jobs')
      .selectAll()
      .where('started_at', '=', '2026-11-01T08:00:00.000Z')
      .executeTakeFirstOrThrow();
    expect(stale).toMatchObject({
      state: 'failed',
      active_kind: null,
      message: 'The server stopped during this import.',
    });
  });

  it('answers a job left running by a stopped server as failed when asked about it', async () => {
    const { db } = suite.t.db.database;
    const [row] = await db
      .insertInto('import_jobs')
      .values({
        kind: 'customers',
        mode: 'all',
        state: 'running',
        active_kind: 'customers',
        started_at: '2026-10-01T08:00:00.000Z',
        updated_at: '2026-10-01T08:05:00.000Z',
      })
      .returning('id')
      .execute();
    expect(await job(Number(row!.id))).toMatchObject({
      state: 'failed',
      message: 'The server stopped during this import.',
    });
  });

  it('a price imported for a product on an open order reprices its stored totals in the same batch', async () => {
    const types = await suite.t.productTypes();
    const customer = await suite.t.admin('POST', '/api/customers/create', { name: 'Totals Doors' });
    const pkg = await suite.t.admin('POST', '/api/products/create', {
      itemNo: 'TOT-PKG',
      wholesalePrice: 100,
      productType: types['Door Package'],
    });
    const order = await suite.t.admin('POST', '/api/orders/create', { customer: customer.id, jobName: 'Totals' });
    await suite.t.admin('POST', `/api/order-parts/create/${order.id}`, { product: pkg.id, quantity: 2 });
    const stored = () =>
      suite.t.db.database.db
        .selectFrom('orders')
        .select(['subtotal_cents', 'total_cents'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
    // Number(): a bigint is text from PostgreSQL.
    expect(Number((await stored()).subtotal_cents)).toBe(20000);
    const done = await run(
      'products',
      csv([
        ['Item No', 'Wholesale Price'],
        ['TOT-PKG', '150.00'],
      ]),
    );
    expect(done).toMatchObject({ state: 'done', updated: 1 });
    const header = await suite.t.admin('GET', `/api/orders/${order.id}`);
    expect(header.totalsCents.subTotalCents).toBe(30000);
    const after = await stored();
    expect([Number(after.subtotal_cents), Number(after.total_cents)]).toEqual([30000, header.totalsCents.totalCents]);
  });

  it('imports a package whose parts are only in the catalogue, not in the file', async () => {
    const types = await suite.t.productTypes();
    const hinge = await suite.t.admin('POST', '/api/products/create', {
      itemNo: 'CAT-HNG-02',
      wholesalePrice: 2.1,
      productType: types.Hardware,
    });
    const roller = await suite.t.admin('POST', '/api/products/create', {
      itemNo: 'CAT-ROL-10',
      wholesalePrice: 3.4,
      productType: types.Part,
    });
    const table: Table = [
      ['Item No', 'Description', 'Type', 'Wholesale Price', 'Parts'],
      ['CAT-PKG-9', '9x7 package', 'Door Package', '612.00', 'CAT-HNG-02 x 10; CAT-ROL-10 x 4'],
    ];
    expect((await preview('products', csv(table))).problems).toEqual([]);
    expect(await run('products', csv(table))).toMatchObject({ state: 'done', created: 1 });
    const [pkg] = await productByItem('CAT-PKG-9');
    const parts = await suite.t.admin('GET', `/api/package/associated-parts/${pkg!.id}`);
    expect(parts.map((p: any) => [p.child_id, p.quantity]).sort()).toEqual(
      [
        [hinge.id, 10],
        [roller.id, 4],
      ].sort(),
    );
    // Again, with one part's quantity changed: the package's parts follow, nothing is duplicated.
    table[1]![4] = 'CAT-HNG-02 x 8; CAT-ROL-10 x 4';
    expect(await run('products', csv(table))).toMatchObject({ state: 'done', updated: 1 });
    const again = await suite.t.admin('GET', `/api/package/associated-parts/${pkg!.id}`);
    expect(again.map((p: any) => p.quantity).sort()).toEqual([4, 8]);
  });

  it('reads the same table from XLSX and CSV (comma, semicolon, tab, UTF-8 with BOM, Windows-1252) alike', async () => {
    const table: Table = [
      ['Cust No', 'Name', 'Contact', 'Street', 'City', 'State', 'Zip', 'Use Tax', 'Residential', 'Commercial'],
      [
        'DIA-1',
        'Portes Éléphant; Crème & Co',
        'Zoë Müller',
        '12 Rue "Ça va"',
        'San José',
        'CA',
        '95112',
        'TRUE',
        '0.85',
        '1',
      ],
      ['DIA-2', 'Garage Façade', '', '', '', '', '', 'no', '0.9', '0.75'],
    ];
    const files: Array<[string, Uint8Array | string, string]> = [
      ['comma', csv(table), 'c.csv'],
      ['semicolon', csv(table, ';'), 's.csv'],
      ['tab', csv(table, '\t'), 't.txt'],
      ['bom', withBom(csv(table, ';')), 'b.csv'],
      ['windows-1252', windows1252(csv(table)), 'w.csv'],
      ['xlsx', xlsx(table), 'x.xlsx'],
    ];
    const previews = [];
    for (const [, file, name] of files) {
      const f = await form(file, { dryRun: 'true' }, name);
      const res = await suite.t.app.inject({
        method: 'POST',
        url: '/api/import/customers',
        payload: f.payload,
        headers: { ...f.headers, cookie: suite.admin },
      });
      expect(res.statusCode, res.body).toBe(200);
      previews.push(json(res).data);
    }
    for (const p of previews) {
      expect(p.problems).toEqual([]);
      expect(p.sample).toEqual(previews[0].sample);
      expect(p.mapping).toEqual(previews[0].mapping);
    }
    expect(previews[0].sample[0]).toMatchObject({
      name: 'Portes Éléphant; Crème & Co',
      contactName: 'Zoë Müller',
      useTax: 'TRUE',
    });
    const done = await run('customers', xlsx(table));
    expect(done).toMatchObject({ state: 'done', created: 2 });
    const again = await run('customers', windows1252(csv(table)));
    expect(again).toMatchObject({ state: 'done', created: 0, updated: 0 });
    const list = await suite.t.admin('GET', '/api/customers/?page=1&size=10&customerNo=DIA-1');
    expect(list.items).toHaveLength(1);
    const c = await suite.t.admin('GET', `/api/customers/${list.items[0].id}`);
    expect(c).toMatchObject({
      name: 'Portes Éléphant; Crème & Co',
      streetAddress: { street: '12 Rue "Ça va"', city: 'San José', state: 'CA', zipCode: '95112' },
      useTax: true,
      residentialMultiplier: 0.85,
    });
  });

  it('refuses a workbook that would unpack past 64 MB or spans thousands of columns; drops NUL from cells', async () => {
    // A deflate bomb in small: 70 MB of one repeated row compresses to well under the 20 MB upload.
    const bomb = zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'xl/worksheets/sheet1.xml': new Uint8Array(70 * 1024 * 1024).fill(0x20),
    });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const big = await post('products', bomb, { dryRun: 'true' }, { name: 'bomb.xlsx' });
    expect(big.statusCode).toBe(400);
    expect(json(big).message).toMatch(/unpacks to 70 MB, more than an import takes \(64 MB\)/);

    // One cell in column XFD: the sheet says so in its dimension, and is refused before reading.
    const wide = xlsx([
      ['Item No', 'Wholesale Price'],
      ['WIDE-1', '5'],
    ]);
    const files = unzipSync(wide);
    files['xl/worksheets/sheet1.xml'] = strToU8(
      strFromU8(files['xl/worksheets/sheet1.xml']!).replace('<sheetData>', '<dimension ref="A1:XFD2"/><sheetData>'),
    );
    const refused = await post('products', zipSync(files), { dryRun: 'true' }, { name: 'wide.xlsx' });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).message).toMatch(/16384 columns wide; an import reads at most 200/);

    const nul = await run(
      'products',
      csv([
        ['Item No', 'Description', 'Wholesale Price'],
        ['NUL-1', 'Old system\u0000 text', '3'],
      ]),
    );
    expect(nul).toMatchObject({ state: 'done', created: 1 });
    const [made] = await productByItem('NUL-1');
    const product = await suite.t.admin('GET', `/api/products/${made!.id}`);
    expect(product.itemDescription).toBe('Old system text');
  });

  it('remembers the mapping an administrator used, for the next file with the same headers', async () => {
    const table: Table = [
      ['Ref', 'Label', 'Money'],
      ['MAP-1', 'Mapped part', '12'],
    ];
    const guessed = await preview('products', csv(table));
    expect(guessed.mapping.itemNo).toBeUndefined();
    expect(guessed.problems).toEqual([
      { row: 1, column: 'Item No', message: 'No column is mapped to Item No, which every row needs' },
    ]);
    const mapping = JSON.stringify({ itemNo: 'Ref', itemDescription: 'Label', wholesalePrice: 'Money' });
    const done = await run('products', csv(table), { mapping });
    expect(done).toMatchObject({ state: 'done', created: 1 });
    const next = await preview(
      'products',
      csv([
        ['Money', 'Ref', 'Label'],
        ['3', 'MAP-2', 'Another'],
      ]),
    );
    expect(next.mappingSource).toBe('remembered');
    expect(next.mapping).toEqual({ itemNo: 'Ref', itemDescription: 'Label', wholesalePrice: 'Money' });
    expect(next).toMatchObject({ creates: 1, problemCount: 0 });
    const bad = await post('products', csv(table), { mapping: JSON.stringify({ itemNo: 'Nope' }), dryRun: 'true' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe("The mapping does not fit the file: Item No: the file has no column 'Nope'.");
  });

  it('refuses an unreadable upload in words: no file, an .xls, too large', async () => {
    const none = await suite.t.app.inject({
      method: 'POST',
      url: '/api/import/products',
      payload: { dryRun: true },
      headers: { cookie: suite.admin },
    });
    expect(none.statusCode).toBe(400);
    expect(json(none).message).toMatch(/multipart\/form-data/);
    const xls = await post('products', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]), { dryRun: 'true' });
    expect(json(xls).message).toMatch(/\.xls/);
    const big = await post('products', new Uint8Array(21 * 1024 * 1024).fill(65), { dryRun: 'true' });
    expect(big.statusCode).toBe(413);
    expect(json(big).message).toMatch(/larger than 20 MB/);
  });

  it('runs one import of a kind at a time; 50 clicks with one Idempotency-Key start one job', async () => {
    /** One file of 300 products named prefix-0 to prefix-299, sent 50 times at once. */
    const fiftyAtOnce = async (prefix: string, headers: Record<string, string> = {}) => {
      const table: Table = [
        ['Item No', 'Description'],
        ...Array.from({ length: 300 }, (_, i) => [`${prefix}-${i}`, `Part ${i}`]),
      ];
      const body = await form(csv(table));
      return Promise.all(
        Array.from({ length: 50 }, () =>
          suite.t.app.inject({
            method: 'POST',
            url: '/api/import/products',
            payload: body.payload,
            headers: { ...body.headers, cookie: suite.admin, ...headers },
          }),
        ),
      );
    };
    const answers = await fiftyAtOnce('ONCE', { 'idempotency-key': 'import-once-1' });
    const ids = new Set(answers.filter((a) => a.statusCode === 202).map((a) => json(a).data.jobId));
    expect(ids.size).toBe(1);
    expect(answers.every((a) => a.statusCode === 202 || a.statusCode === 409)).toBe(true);
    const [id] = [...ids];
    expect(await finished(id)).toMatchObject({ state: 'done', created: 300 });
    expect((await productByItem('ONCE-7')).length).toBe(1);

    // Without a key: 50 at once, one starts, the others are told one is running.
    const all = await fiftyAtOnce('TWICE');
    const started = all.filter((a) => a.statusCode === 202);
    const refused = all.filter((a) => a.statusCode === 409);
    expect(started.length + refused.length).toBe(50);
    expect(started.length).toBeGreaterThanOrEqual(1);
    for (const r of refused) expect(json(r).message).toMatch(/already running|a moment ago/);
    for (const s of started) expect((await finished(json(s).data.jobId)).state).toBe('done');
    const page = await suite.t.admin('GET', '/api/products/?page=1&size=10&itemNo=TWICE-1');
    expect(page.filtered).toBe(111); // TWICE-1, -10..19, -100..199: each once
  });

  it.runIf(engine === 'postgres')(
    'a second instance on the same database answers the job and refuses a second import of the kind',
    async () => {
      const database = openDatabase({ databaseUrl: suite.t.db.url!, poolSize: 3 });
      const b = await buildApp({
        config: suite.t.config,
        database,
        clock: suite.t.clock,
        logger: false,
        checkResponses: true,
      });
      await b.ready();
      try {
        const table: Table = [
          ['Item No', 'Wholesale'],
          ...Array.from({ length: 3000 }, (_, i) => [`TWO-${i}`, '4.25']),
        ];
        const res = await post('products', csv(table));
        expect(res.statusCode, res.body).toBe(202);
        const id = json(res).data.jobId;
        const onB = async (
          method: 'GET' | 'POST',
          url: string,
          f?: { payload: Buffer; headers: Record<string, string> },
        ) =>
          b.inject({
            method,
            url,
            ...(f ? { payload: f.payload } : {}),
            headers: { ...f?.headers, cookie: suite.admin },
          });
        // While A checks and writes 3,000 rows, B is told an import of products is running.
        const second = await onB('POST', '/api/import/products', await form(csv(table)));
        expect(second.statusCode).toBe(409);
        expect(json(second).message).toBe(
          `An import of products is already running (job ${id}, started by admin); wait for it to finish.`,
        );
        const j = await finished(id, async (jobId) => json(await onB('GET', `/api/import/jobs/${jobId}`)).data);
        expect(j).toMatchObject({ state: 'done', total: 3000, processed: 3000, created: 3000 });
      } finally {
        await b.close();
        await database.close();
      }
    },
  );

  it('reports progress: a job of 1,200 rows answers running with processed counts, then done', async () => {
    const table: Table = [
      ['Item No', 'Wholesale'],
      ...Array.from({ length: 1200 }, (_, i) => [`PROG-${i}`, `${i}.50`]),
    ];
    const res = await post('products', csv(table));
    const id = json(res).data.jobId;
    const seen: number[] = [];
    let j = await job(id);
    while (j.state === 'running') {
      seen.push(j.processed);
      await new Promise((r) => setTimeout(r, 5));
      j = await job(id);
    }
    expect(j).toMatchObject({ state: 'done', total: 1200, processed: 1200, created: 1200, updated: 0, skipped: 0 });
    expect(seen.every((n, i) => i === 0 || n >= seen[i - 1]!)).toBe(true);
    expect(j.longestWriteMs).toBeGreaterThanOrEqual(0);
    const missing = await suite.t.send(suite.admin, 'GET', '/api/import/jobs/999999');
    expect(missing.statusCode).toBe(404);
  });
  it('imports opening stock and reorder points by item number: an adjustment of the difference, packages and strangers refused', async () => {
    const types = await suite.t.productTypes();
    const part = await suite.t.admin('POST', '/api/products/create', {
      itemNo: 'STK-1',
      wholesalePrice: 1,
      productType: types.Part,
    });
    await suite.t.admin('POST', '/api/products/create', {
      itemNo: 'STK-PKG',
      wholesalePrice: 1,
      productType: types.Package,
    });
    const table: Table = [
      ['Item No', 'Qty On Hand', 'Reorder Point', 'Reorder Qty'],
      [' stk-1 ', '12', '5', '20'],
      ['STK-PKG', '3', '', ''],
      ['NOPE-9', '1', '', ''],
      ['STK-1', 'x', '', ''],
    ];
    const p = await preview('stock', csv(table));
    expect(p.problems).toEqual([
      { row: 3, column: 'Item No', message: "Item No 'STK-PKG' is a package: a package holds no stock, its parts do" },
      { row: 4, column: 'Item No', message: "Item No 'NOPE-9' is not in the catalogue" },
      { row: 5, column: 'Item No', message: "Item No 'STK-1' is also on row 2" },
      { row: 5, column: 'Qty On Hand', message: "On hand 'x' is not a whole number from 0" },
    ]);
    expect(await run('stock', csv(table), { mode: 'valid' })).toMatchObject({ state: 'done', updated: 1 });
    expect(await suite.t.admin('GET', `/api/stock/${part.id}`)).toMatchObject({
      onHand: 12,
      reorderPoint: 5,
      reorderQuantity: 20,
    });
    const moves = await suite.t.admin('GET', `/api/stock/${part.id}/moves`);
    expect(moves.items).toEqual([
      expect.objectContaining({ kind: 'adjustment', quantity: 12, reason: 'initial', note: 'import, row 2' }),
    ]);
    // The same file again changes nothing; a new count moves by the difference.
    expect((await preview('stock', csv(table.slice(0, 2)))).unchanged).toBe(1);
    await run('stock', csv([table[0]!, ['STK-1', '9', '', '']]));
    expect((await suite.t.admin('GET', `/api/stock/${part.id}`)).onHand).toBe(9);
    expect((await suite.t.admin('GET', '/api/stock/check')).mismatches).toEqual([]);
  });
});
