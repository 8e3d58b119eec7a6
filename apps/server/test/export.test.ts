/**
 * GET /api/export/{list}.csv|.xlsx (issue 20, Export; docs/architecture.md section 14): every row
 * the list's filters match, in the list's order, with the list's columns; text that would run as
 * a formula comes out as text; the XLSX reads back in a reader library as the CSV does.
 */
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { engines, json, suiteApp } from './support.js';
import { ExportSlots } from '../src/modules/export/export.service.js';
import { csvLine } from '../src/modules/export/csv-writer.js';
import { columnLetters, excelDay, xlsxChunks, xmlText } from '../src/modules/export/xlsx-writer.js';
import { csvText, plainCents, toCents } from '@desk/domain';

const HYPERLINK = '=HYPERLINK("http://x","y")';
/** Names that run as a formula in a spreadsheet that splits CSV lines on ;, tab or | (issue 37). */
const SPLIT_FORMULAS = [
  'Acme;=1+1',
  'Acme\t=1+1',
  'Acme|=1+1',
  'Acme;@SUM(A1)',
  'Acme;-1+1',
  'Acme;+1+1',
  'Acme, =1+1',
  'Acme;"=1+1',
  'A\n=1+1',
];

/**
 * Every cell an independent CSV reader finds in `text` when it splits on `delimiter`, quote-aware
 * (relaxed, as a spreadsheet is) and with quotes taken as plain characters.
 */
function cellsSplitOn(text: string, delimiter: string): string[] {
  const loose = { delimiter, relax_quotes: true, relax_column_count: true, skip_empty_lines: true } as const;
  const quoted = parse(text, loose) as string[][];
  const plain = parse(text, { ...loose, quote: false }) as string[][];
  return [...quoted.flat(), ...plain.flat()];
}

/** Names that CSV must quote and that must come back as they went: accents, commas, quotes, line breaks. */
const AWKWARD = ['Crème Brûlée, Ltd', 'The "Best" Doors', 'Two\nLines', 'Ødegaard & Søn <AS>', 'Ünïcode 😀 Doors'];

/** A CSV answer as rows of fields (the header first), after checking the BOM and CRLF. */
function csvRows(body: Buffer): string[][] {
  const text = body.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  return parse(text.slice(1), { relax_column_count: false, record_delimiter: '\r\n' }) as string[][];
}

describe('export cells', () => {
  it('makes text that starts like a formula plain text, and leaves numbers and other text alone', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvText(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(csvText(HYPERLINK)).toBe(`'${HYPERLINK}`);
    expect(csvText('Smith = Jones')).toBe('Smith = Jones');
    expect(csvText("'quoted")).toBe("'quoted");
    expect(csvText('Acme;=1+1')).toBe("Acme;'=1+1");
    const cols = [
      { header: 'Amount', kind: 'money' as const, value: (r: { n: number; t: string }) => r.n },
      { header: 'PO', kind: 'text' as const, value: (r: { n: number; t: string }) => r.t },
    ];
    // A negative amount is a number, not a formula: it stays -12.50; the same text as a PO is prefixed.
    expect(csvLine(cols, { n: -1250, t: '-12.50' })).toBe(`-12.50,"'-12.50"\r\n`);
  });

  it('writes no cell that a reader splitting on a comma, a semicolon, a tab or a pipe finds starting like a formula', () => {
    const cols = [
      { header: 'Id', kind: 'integer' as const, value: (r: { id: number; name: string }) => r.id },
      { header: 'Name', kind: 'text' as const, value: (r: { id: number; name: string }) => r.name },
      { header: 'Again', kind: 'text' as const, value: (r: { id: number; name: string }) => r.name },
    ];
    const text = SPLIT_FORMULAS.map((name, id) => csvLine(cols, { id, name })).join('');
    for (const delimiter of [',', ';', '\t', '|']) {
      const cells = cellsSplitOn(text, delimiter);
      expect(cells.length).toBeGreaterThan(SPLIT_FORMULAS.length);
      expect(
        cells.filter((c) => /^[=+\-@]/.test(c)),
        `split on ${JSON.stringify(delimiter)}`,
      ).toEqual([]);
    }
    // Read as the file says (commas, quotes), every name comes back with only the ' added.
    const rows = parse(text, { relax_column_count: false }) as string[][];
    expect(rows.map((r) => r[1]!.replaceAll("'", ''))).toEqual(SPLIT_FORMULAS.map((n) => n.replaceAll("'", '')));
  });

  it('writes a negative amount as a number cell and text like a formula as a text cell in the XLSX', async () => {
    type R = { n: number; t: string; d: string };
    const cols = [
      { header: 'Amount', kind: 'money' as const, value: (r: R) => r.n },
      { header: 'Note', kind: 'text' as const, value: (r: R) => r.t },
      { header: 'Day', kind: 'date' as const, value: (r: R) => r.d },
    ];
    async function* rows() {
      yield { n: -1250, t: '-12.50', d: '2026-11-26' };
      yield { n: 123450, t: '@SUM(A1)', d: 'soon' };
    }
    const parts: Uint8Array[] = [];
    for await (const part of xlsxChunks('Sheet "1" <&>', cols, rows())) parts.push(part);
    const sheet = await readSheet(Buffer.concat(parts));
    expect(sheet).toEqual([
      ['Amount', 'Note', 'Day'],
      // Inline strings never run as formulas: the text is written as it is, with no ' for Excel to show.
      [-12.5, '-12.50', new Date('2026-11-26T00:00:00Z')],
      [1234.5, '@SUM(A1)', 'soon'],
    ]);
  });

  it('writes money as the lists do, and XLSX pieces by the format', () => {
    expect([0, 5, 123450, -1250, 100].map(plainCents)).toEqual(['0.00', '0.05', '1234.50', '-12.50', '1.00']);
    expect([0, 25, 26, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'ZZ', 'AAA']);
    expect(excelDay('1970-01-01')).toBe(25569);
    expect(excelDay('2026-11-26')).toBe(46352);
    expect(xmlText('a\u0000b\u0008c\u000Bd & <e> "f"\uFFFE\uD800')).toBe('abcd &amp; &lt;e&gt; &quot;f&quot;');
    expect(xmlText('tab\there\nline 😀')).toBe('tab\there\nline 😀');
  });

  it('runs at most maxRunning exports at once, lets maxWaiting wait their turn, and refuses the rest (50 at once)', async () => {
    const slots = new ExportSlots(2, 3);
    const releases: Array<() => void> = [];
    let refused = 0;
    const attempts = Array.from({ length: 50 }, () =>
      slots.take().then(
        (release) => void releases.push(release),
        (e: { statusCode: number; message: string }) => {
          expect(e.statusCode).toBe(429);
          expect(e.message).toMatch(/try again in a minute/);
          refused++;
        },
      ),
    );
    await new Promise((r) => setImmediate(r));
    expect(releases).toHaveLength(2);
    expect(refused).toBe(45);
    // Each release lets one waiting export in, and never more than two run.
    let done = 0;
    while (done < 5) {
      const release = releases.shift()!;
      release();
      release(); // twice: still one slot
      done++;
      await new Promise((r) => setImmediate(r));
      expect(releases.length).toBeLessThanOrEqual(2);
    }
    await Promise.all(attempts);
    expect(slots.peak).toBe(2);
    // All let go: the next one runs at once.
    const next = await slots.take();
    next();
  });
});

describe.each(engines())('export (%s)', (engine) => {
  const suite = suiteApp(engine);
  const get = (url: string, cookie = suite.admin) => suite.t.as(cookie).send('GET', url);
  const ids = { customers: [] as number[], orders: [] as number[], quotes: [] as number[] };
  let hyperlinkCustomer: number;
  let pricedOrder: number;

  /** Every row of a list route for this query, page after page of 30: the ids in the list's order. */
  async function listIds(path: string, params: Record<string, string>): Promise<{ ids: number[]; filtered: number }> {
    const out: number[] = [];
    let filtered = 0;
    for (let page = 1; ; page++) {
      const q = new URLSearchParams({ ...params, page: String(page), size: '30' });
      const res = await get(`${path}?${q.toString()}`);
      expect(res.statusCode, res.body).toBe(200);
      const data = json(res).data;
      filtered = data.filtered;
      out.push(...data.items.map((r: { id: number }) => r.id));
      if (page * 30 >= data.filtered) break;
    }
    return { ids: out, filtered };
  }

  async function exportCsv(list: string, params: Record<string, string> = {}) {
    const q = new URLSearchParams(params).toString();
    const res = await get(`/api/export/${list}.csv${q ? `?${q}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return { res, rows: csvRows(res.rawPayload) };
  }

  beforeAll(async () => {
    const A = suite.t.admin;
    const types = await suite.t.productTypes();
    hyperlinkCustomer = (await A('POST', '/api/customers/create', { name: HYPERLINK, customerNo: '+1-EVIL' })).id;
    ids.customers.push(hyperlinkCustomer);
    for (const name of AWKWARD) ids.customers.push((await A('POST', '/api/customers/create', { name })).id);
    for (let i = 0; i < 8; i++)
      ids.customers.push(
        (await A('POST', '/api/customers/create', { name: `Harbor Doors ${i % 3 === 0 ? 'West' : 'East'} ${i}` })).id,
      );
    // 45 orders (more than one page of 30), spread over the customers, some closed, one priced.
    const completed = (await A('GET', '/api/dropdown/order-status')).find(
      (s: { type: string }) => s.type === 'Completed',
    );
    for (let i = 0; i < 45; i++) {
      const customer = ids.customers[i % ids.customers.length]!;
      const order = await A('POST', '/api/orders/create', {
        customer,
        jobName: i % 4 === 0 ? `Barn ${i}` : `Garage ${i}`,
        poNumber: i % 5 === 0 ? `-PO${i}` : `PO-${100 - i}`,
        orderDate: `2026-10-${String((i % 28) + 1).padStart(2, '0')}`,
      });
      ids.orders.push(order.id);
      if (i % 6 === 0) await A('PUT', `/api/orders/update/${order.id}`, { ...order, orderStatus: completed });
    }
    const part = await A('POST', '/api/products/create', {
      itemNo: 'EXP-SEAL',
      itemDescription: 'Seal, 16 ft',
      wholesalePrice: 18,
      productType: types.Part,
    });
    await A('POST', '/api/products/create', {
      itemNo: 'EXP-NEG',
      itemDescription: '=1+1 rebate',
      wholesalePrice: 0,
      modifierCostIncrease: 12.5,
      productType: types.Hardware,
    });
    pricedOrder = ids.orders[1]!;
    const line = await A('POST', `/api/order-parts/create/${pricedOrder}`, { product: part.id, quantity: 2 });
    await A('PUT', `/api/order-parts/update/${line.id}/price-override`, { priceOverride: 1234.5 });
    for (let i = 0; i < 12; i++) {
      const quote = await A('POST', '/api/quotes/create', { customer: ids.customers[i]!, jobName: `Quote job ${i}` });
      ids.quotes.push(quote.id);
      if (i % 3 === 0) await A('PUT', `/api/quotes/update/${quote.id}`, { ...quote, quoteStatus: 'Declined' });
    }
    const quoteLine = await A('POST', `/api/quote-parts/create/${ids.quotes[1]}`, { product: part.id, quantity: 1 });
    await A('PUT', `/api/quote-parts/update/${quoteLine.id}/price-override`, { priceOverride: 99.95 });
    await A('POST', `/api/quotes/${ids.quotes[0]}/revise`);
    for (const [i, name] of ['Clopay stock', 'Amarr, "rush"', 'Wayne Dalton'].entries())
      await A('POST', '/api/vendor-orders/create', {
        name,
        estimatedArrival: `2026-12-0${3 - i}`,
        status: i === 1 ? 'Shipped' : 'Ordered',
      });
  });

  const CASES: Array<[string, string, Record<string, string>]> = [
    ['orders', '/api/orders/list/0', {}],
    ['orders', '/api/orders/list/0', { sort: '-id' }],
    ['orders', '/api/orders/list/0', { customerName: 'harbor', sort: '-customerName' }],
    ['orders', '/api/orders/list/0', { jobName: 'barn', sort: 'jobName' }],
    ['orders', '/api/orders/list/0', { poNumber: 'po', sort: '-poNumber' }],
    ['orders', '/api/orders/list/1', { closed: '1', sort: 'customerName' }],
    ['orders', '/api/orders/list/0', { changedBy: 'admin', sort: 'orderStatus' }],
    ['quotes', '/api/quotes/', { sort: '-id' }],
    ['quotes', '/api/quotes/', { status: 'declined', sort: 'customerName' }],
    ['customers', '/api/customers/', { sort: '-name' }],
    ['customers', '/api/customers/', { name: 'harbor doors e', sort: 'id' }],
    ['customers', '/api/customers/', { name: 'CRÈME' }],
    ['products', '/api/products/', { sort: '-wholesalePrice' }],
    ['products', '/api/products/', { itemNo: 'exp-', sort: 'modifierCostIncrease' }],
    ['vendor-orders', '/api/vendor-orders/', { sort: 'estimatedArrival' }],
    ['vendor-orders', '/api/vendor-orders/', { status: 'ordered', sort: '-name' }],
  ];

  it.each(CASES)('%s with %s %j: the rows the list filters, in its order', async (list, path, params) => {
    const { closed: _closed, ...listParams } = params;
    const expected = await listIds(path, listParams);
    const { rows } = await exportCsv(list, params);
    const [header, ...body] = rows;
    expect(header![0]).toMatch(/ID$/);
    expect(body).toHaveLength(expected.filtered);
    expect(body.map((r) => Number(r[0]))).toEqual(expected.ids);
    expect(expected.filtered).toBeGreaterThan(0);
  });

  /** The columns the orders' and the quotes' files begin with. */
  const DOCUMENT_COLUMNS = ['ID', 'Job Name', 'PO Number', 'Customer No', 'Customer Name', 'Contact Name'];

  it("writes the list's columns, money with two decimals, dates as YYYY-MM-DD and the order's total", async () => {
    const { res, rows } = await exportCsv('orders', { sort: 'id' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2026-11-02.csv"');
    expect(rows[0]).toEqual([...DOCUMENT_COLUMNS, 'Order Status', 'Order Date', 'Total']);
    const priced = rows.find((r) => Number(r[0]) === pricedOrder)!;
    expect(priced.slice(1, 3)).toEqual(['Garage 1', 'PO-99']);
    expect(priced[7]).toBe('2026-10-02');
    expect(priced[8]).toBe('1234.50');
    const unpriced = rows.find((r) => Number(r[0]) === ids.orders[2])!;
    expect(unpriced[8]).toBe('0.00');
    const quotes = (await exportCsv('quotes', { sort: 'id' })).rows;
    expect(quotes[0]).toEqual([...DOCUMENT_COLUMNS, 'Status', 'Revision', 'Quote Date', 'Total']);
    // The quote's total as its detail prices it (the stored total), and its revision's number.
    const pricedQuote = quotes.find((r) => Number(r[0]) === ids.quotes[1])!;
    const detail = await suite.t.admin('GET', `/api/quotes/${ids.quotes[1]}`);
    expect(pricedQuote[9]).toBe(detail.totals.total.toFixed(2));
    expect(pricedQuote[9]).toBe('99.95');
    const revised = quotes.find((r) => r[1] === 'Quote job 0')!;
    expect(revised[7]).toBe('2');
    const closed = await get('/api/export/orders.xlsx?closed=1');
    expect(closed.headers['content-disposition']).toBe('attachment; filename="closed-orders-2026-11-02.xlsx"');
    expect(closed.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('writes a customer named like a formula as text, in CSV and XLSX, and names with commas, quotes, accents and line breaks as they are', async () => {
    const { rows } = await exportCsv('customers', { sort: 'id' });
    const evil = rows.find((r) => Number(r[0]) === hyperlinkCustomer)!;
    expect(evil[1]).toBe("'+1-EVIL");
    expect(evil[2]).toBe(`'${HYPERLINK}`);
    const names = rows.slice(1).map((r) => r[2]);
    for (const name of AWKWARD) expect(names).toContain(name);

    const xlsx = await get('/api/export/customers.xlsx?sort=id');
    expect(xlsx.statusCode).toBe(200);
    const sheet = await readSheet(xlsx.rawPayload);
    const evilRow = sheet.find((r) => r[0] === hyperlinkCustomer)!;
    expect(evilRow[2]).toBe(HYPERLINK);
    expect(typeof evilRow[2]).toBe('string');
    for (const name of AWKWARD) expect(sheet.map((r) => r[2])).toContain(name);
    // The document itself holds no formula anywhere.
    expect(xlsx.rawPayload.includes(Buffer.from('<f>'))).toBe(false);
  });

  it('exports customers named to run in a spreadsheet splitting on ;, tab or | so that no reader finds a formula (issue 37)', async () => {
    const names = SPLIT_FORMULAS.map((n) => n.replace('Acme', 'Splitz').replace(/^A\n/, 'Splitz\n'));
    for (const name of names) ids.customers.push((await suite.t.admin('POST', '/api/customers/create', { name })).id);
    const { res, rows } = await exportCsv('customers', { name: 'Splitz', sort: 'id' });
    expect(rows.slice(1).map((r) => r[2]!.replaceAll("'", ''))).toEqual(names);
    const text = res.rawPayload.toString('utf8').slice(1);
    for (const delimiter of [',', ';', '\t', '|'])
      expect(
        cellsSplitOn(text, delimiter).filter((c) => /^[=+\-@]/.test(c)),
        delimiter,
      ).toEqual([]);
    // The XLSX keeps each name as it was typed.
    const sheet = await readSheet((await get('/api/export/customers.xlsx?name=Splitz&sort=id')).rawPayload);
    expect(sheet.slice(1).map((r) => r[2])).toEqual(names);
  });

  it('writes an XLSX that a reader library reads back as the CSV: numbers as numbers, dates as dates', async () => {
    for (const [list, params] of [
      ['orders', { sort: '-customerName' }],
      ['quotes', {}],
      ['customers', {}],
      ['products', { sort: 'itemNo' }],
      ['vendor-orders', {}],
    ] as const) {
      const q = new URLSearchParams(params).toString();
      const { rows } = await exportCsv(list, params);
      const res = await get(`/api/export/${list}.xlsx?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      const sheet = await readSheet(res.rawPayload);
      expect(sheet.length, list).toBe(rows.length);
      // Each XLSX cell, written as the CSV writes it, is the CSV's field.
      const asCsv = (v: unknown, header: string) => {
        if (v === null || v === undefined) return '';
        if (v instanceof Date) return v.toISOString().slice(0, 10);
        if (typeof v === 'number' && /Price|Cost|Total/.test(header)) return plainCents(toCents(v));
        return csvText(String(v));
      };
      const header = sheet[0]!.map(String);
      expect(header, list).toEqual(rows[0]);
      for (let i = 1; i < sheet.length; i++)
        expect(
          sheet[i]!.map((v, c) => asCsv(v, header[c]!)),
          `${list} row ${i}`,
        ).toEqual(rows[i]);
    }
    // Amounts are number cells in the XLSX, a description like a formula is text.
    const products = await readSheet((await get('/api/export/products.xlsx?itemNo=EXP-NEG')).rawPayload);
    expect(products[1]!.slice(1, 5)).toEqual(['EXP-NEG', '=1+1 rebate', 0, 12.5]);
    const csv = (await exportCsv('products', { itemNo: 'EXP-NEG' })).rows[1]!;
    expect(csv.slice(1, 5)).toEqual(['EXP-NEG', "'=1+1 rebate", '0.00', '12.50']);
  });

  it('answers 401 signed out, 404 for an unknown list or format, and a 400 a clerk can read for a bad filter or sort', async () => {
    const out = await suite.t.app.inject({ method: 'GET', url: '/api/export/orders.csv' });
    expect(out.statusCode).toBe(401);
    for (const file of ['invoices.csv', 'orders.pdf', 'orders', 'orders.csv.xlsx']) {
      const res = await get(`/api/export/${file}`);
      expect(res.statusCode, file).toBe(404);
      expect(json(res).message).toMatch(/customers, products, orders, quotes, vendor-orders/);
    }
    const bad: Array<[string, RegExp]> = [
      ['orders.csv?colour=red', /colour.*not a column to filter by/i],
      ['orders.csv?sort=-colour', /Sort: colour is not a column to sort by/],
      ['orders.csv?closed=2', /Closed must be 0 \(open orders\) or 1 \(closed orders\)/],
      ['customers.xlsx?closed=1', /not a column to filter by/],
      ['products.csv?kind=door', /Kind must be part or package/],
      [`quotes.csv?jobName=${'x'.repeat(101)}`, /at most 100 characters/],
    ];
    for (const [url, message] of bad) {
      const res = await get(`/api/export/${url}`);
      expect(res.statusCode, url).toBe(400);
      expect(json(res).message, url).toMatch(message);
    }
  });

  it('reads through a connection of its own: a read left open holds up no query and no write', async () => {
    const reader = suite.t.db.database.openReader();
    const rows = reader.db.selectFrom('orders').select('id').orderBy('id').stream(1)[Symbol.asyncIterator]();
    try {
      expect((await rows.next()).value).toEqual({ id: ids.orders[0] });
      const late = new Promise((_, reject) => setTimeout(() => reject(new Error('held up')), 3000));
      const list = get('/api/orders/list/0?page=1&size=10');
      const write = suite.t.admin('POST', '/api/customers/create', { name: 'Written during an export' });
      const [listed, written] = (await Promise.race([Promise.all([list, write]), late])) as [
        Awaited<typeof list>,
        { id: number },
      ];
      expect(listed.statusCode).toBe(200);
      expect(written.id).toBeGreaterThan(0);
      // The open read goes on from where it was.
      expect((await rows.next()).value).toEqual({ id: ids.orders[1] });
    } finally {
      await rows.return?.();
      await reader.close();
    }
  });

  it('answers HEAD with the headers and holds nothing after it (30 in a row, then an export)', async () => {
    for (let i = 0; i < 30; i++) {
      // HEAD answers what GET would, checked the same way (a bad filter is a 400), and opens no export.
      const head = await suite.t.as(suite.admin).send('HEAD' as 'GET', '/api/export/orders.csv');
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-disposition']).toMatch(/^attachment; filename="orders-/);
      expect(head.body).toBe('');
    }
    expect(
      (await suite.t.as(suite.admin).send('HEAD' as 'GET', '/api/export/orders.csv?sort=-colour')).statusCode,
    ).toBe(400);
    const late = new Promise((_, reject) => setTimeout(() => reject(new Error('held up')), 3000));
    const res = (await Promise.race([get('/api/export/orders.csv'), late])) as Awaited<ReturnType<typeof get>>;
    expect(res.statusCode).toBe(200);
  });

  it('any signed-in user may export', async () => {
    const clerk = await suite.t.staff('export-clerk');
    const res = await get('/api/export/products.csv', clerk);
    expect(res.statusCode).toBe(200);
  });

  it('answers 50 exports asked at once: each whole, or refused with 429 when the line is full', async () => {
    const expected = (await exportCsv('orders', { sort: '-id' })).res.body;
    const answers = await Promise.all(Array.from({ length: 50 }, () => get('/api/export/orders.csv?sort=-id')));
    const ok = answers.filter((r) => r.statusCode === 200);
    for (const r of answers) expect([200, 429]).toContain(r.statusCode);
    expect(ok.length).toBeGreaterThanOrEqual(24);
    for (const r of ok) expect(r.body).toBe(expected);
    for (const r of answers.filter((a) => a.statusCode === 429)) expect(json(r).message).toMatch(/try again/);
    // Nothing held afterwards: exports and lists still answer.
    expect((await get('/api/export/orders.csv?sort=-id')).body).toBe(expected);
    expect((await get('/api/orders/list/0?page=1&size=10')).statusCode).toBe(200);
  });
});
