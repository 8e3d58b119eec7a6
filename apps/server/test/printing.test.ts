/**
 * Documents and e-mail: the PDF read back with pdftotext (poppler-utils), a real SMTP server
 * (smtp-server) inside the test, and the outbox driver.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createTestApp, engines, json, userApi, type TestApp } from './support.js';
import { hasPdftotext, pdfText } from './pdf-text.js';

describe.each(engines())('documents and e-mail (%s)', (engine) => {
  let t: TestApp;
  let smtp: SMTPServer;
  let smtpPort: number;
  const received: ParsedMail[] = [];
  let staff: string;
  let admin: string;
  let order: any;
  let quote: any;
  let bare: any;

  const call = (cookie: string) => userApi(() => ({ t, cookie })).data;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, cb) {
        simpleParser(stream).then((m) => {
          received.push(m);
          cb();
        }, cb);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as { port: number }).port;
    t = await createTestApp(engine, {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      COMPANY_NAME: 'Côté & Fils Garage Doors',
      MAIL_FROM: 'desk@cote-doors.example.com',
    });
    admin = await t.login();
    staff = await t.staff('printer');
    const A = call(admin);
    const S = call(staff);
    const types = await t.productTypes();
    const pkg = await A('POST', '/api/products/create', {
      itemNo: 'PKG-1607',
      itemDescription: '16x7 insulated steel sectional door package',
      wholesalePrice: 1185,
      multiplierCategory: 'Sectional',
      productType: types['Door Package'],
    });
    const hinge = await A('POST', '/api/products/create', {
      itemNo: 'HNG-02',
      itemDescription: '#2 residential hinge',
      productType: types.Hardware,
    });
    const kit = await A('POST', '/api/products/create', {
      itemNo: 'HLK-24',
      itemDescription: 'High-lift track kit, 24 in',
      productType: types.Hardware,
      modifierCostIncrease: 185,
    });
    const remote = await A('POST', '/api/products/create', {
      itemNo: 'RMT-3B',
      itemDescription: '3-button remote',
      wholesalePrice: 29,
      productType: types.Part,
    });
    await A('POST', `/api/package/associated-parts/create/${pkg.id}`, { child: hinge.id, quantity: 8 });
    const lift = await A('POST', `/api/package/modifiers/create/${pkg.id}`, {
      category: 'Lift',
      name: 'High lift',
      product: kit.id,
    });
    const customer = await S('POST', '/api/customers/create', {
      name: 'Jérôme Côté Overhead Doors',
      customerNo: 'C-1003',
      contactName: 'Jérôme Côté',
      email: 'jerome@cote.example.com',
      useTax: true,
      sectionalMultiplier: 0.9,
      streetAddress: { street: '705 Natoma St', city: 'Folsom', state: 'CA', zipCode: '95630' },
      shipTo: { street: '12 Yard Rd', city: 'Folsom', state: 'CA', zipCode: '95630' },
    });
    for (const kind of ['order', 'quote'] as const) {
      const doc = await S('POST', `/api/${kind}s/create`, {
        customer: customer.id,
        jobName: 'Hendricks <b>residence</b> & garage',
        poNumber: 'PO-77',
      });
      const line = await S('POST', `/api/${kind}-parts/create/${doc.id}`, { product: pkg.id, quantity: 2 });
      await S('POST', `/api/${kind}s/package-modifiers/upsert/${line.id}`, {
        id: lift.id,
        notes: 'jackshaft <script>',
        inches: '24',
      });
      const subs = await S('GET', `/api/${kind}-parts/sub-parts/${line.id}`);
      const assocPath = kind === 'order' ? 'update-subpart-assoc-notes' : 'update-subquote-assoc-notes';
      await S('PUT', `/api/${kind}-parts/${assocPath}/${line.id}`, { rowId: subs[0].rowId, notes: 'bag & tag' });
      const r = await S('POST', `/api/${kind}-parts/create/${doc.id}`, { product: remote.id, quantity: 3 });
      await S('PUT', `/api/${kind}-parts/update/${r.id}/price-override`, { priceOverride: 75.5 });
      if (kind === 'order') order = await S('GET', `/api/orders/${doc.id}`);
      else quote = await S('GET', `/api/quotes/${doc.id}`);
    }
    const noMail = await S('POST', '/api/customers/create', { name: 'No Mail Doors' });
    bare = await S('POST', '/api/quotes/create', { customer: noMail.id, jobName: 'x' });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  it.skipIf(!hasPdftotext)(
    'prints the order: customer, addresses, job, every line and sub-part, and the API totals',
    async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/download-excelOrder/${order.id}`,
        headers: { cookie: staff },
        // A forged total in the body is ignored: the server prices the stored order.
        payload: { orderId: order.id, totalPrice: 1, noPricePrint: false, priceList: [1, 2], taxPrice: 0 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(
        encodeURIComponent(`Jérôme Côté Overhead Doors - Hendricks b residence b & garage - OrderID ${order.id}.pdf`),
      );
      const text = pdfText(res.rawPayload);
      for (const s of [
        'Côté & Fils Garage Doors',
        `ORDER ${order.id}`,
        'Jérôme Côté Overhead Doors',
        'Customer No: C-1003',
        '705 Natoma St',
        '12 Yard Rd',
        'Hendricks <b>residence</b> & garage',
        'PO Number: PO-77',
        'PKG-1607',
        '16x7 insulated steel sectional door package',
        'HNG-02',
        'Notes: bag & tag',
        'HLK-24',
        'Inches: 24',
        'Notes: jackshaft <script>',
        'RMT-3B',
        'price override',
      ]) {
        expect(text, s).toContain(s);
      }
      // round(1185 x 0.9) = 1066.50 + 185 = 1251.50 x 2 = 2503.00; + 75.50 = 2578.50; tax 251.40; total 2829.90
      expect(order.totals).toEqual({ subTotal: 2578.5, tax: 251.4, total: 2829.9 });
      expect(text).toContain('$2,578.50');
      expect(text).toContain('$251.40');
      expect(text).toContain('$2,829.90');
      expect(text).toContain('Tax (9.75%)');
    },
  );

  it.skipIf(!hasPdftotext)('prints no price at all with noPricePrint', async () => {
    const res = await t.send(staff, 'POST', `/api/download-excelQuote/${quote.id}`, { noPricePrint: true });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain(`QUOTE ${quote.id}`);
    expect(text).toContain('PKG-1607');
    expect(text).not.toMatch(/\d+\.\d{2}/);
    expect(text).not.toContain('Total');
    expect(text).not.toContain('$');
  });

  it.skipIf(!hasPdftotext)(
    "follows the document's stored Print without prices flag when the request does not say",
    async () => {
      const detail = (await t.app.inject({ url: `/api/quotes/${quote.id}`, headers: { cookie: staff } })).json().data;
      const save = (noPricePrint: boolean) =>
        t.send(staff, 'PUT', `/api/quotes/update/${quote.id}`, { ...detail, noPricePrint, version: undefined });
      expect((await save(true)).statusCode).toBe(200);
      const download = (payload: object) => t.send(staff, 'POST', `/api/download-excelQuote/${quote.id}`, payload);
      expect(pdfText((await download({})).rawPayload)).not.toContain('$');
      // The request's own choice wins over the stored flag.
      expect(pdfText((await download({ noPricePrint: false })).rawPayload)).toContain('$');
      expect((await save(false)).statusCode).toBe(200);
      expect(pdfText((await download({})).rawPayload)).toContain('$');
    },
  );

  it('answers 404 for a missing document and 401 without a session', async () => {
    expect((await t.send(staff, 'POST', '/api/download-excelOrder/999999', {})).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/download-excelOrder/${order.id}`, payload: {} })).statusCode,
    ).toBe(401);
  });

  it('e-mails the PDF over SMTP with the configured subject, the forward copy and the same bytes', async () => {
    const A = call(admin);
    const cfg = await A('GET', '/api/grabAutoEmailConfig');
    await A('POST', '/api/updateAutoEmailConfig', {
      ...cfg,
      orderSubject: 'Your order {documentNumber} for {jobName} from {companyName}',
      orderBody: 'Dear {contactName},\nTotal: {total}\nCustomer: {customerName}',
      emailForward: 'archive@cote-doors.example.com',
    });
    received.length = 0;
    const res = await t.send(staff, 'POST', `/api/send-emailOrder/${order.id}`, {
      orderId: order.id,
      fileName: 'ignored',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ to: 'jerome@cote.example.com', bcc: 'archive@cote-doors.example.com' });
    await expect.poll(() => received.length).toBe(1);
    const m = received[0]!;
    expect(m.subject).toBe(
      `Your order ${order.id} for Hendricks <b>residence</b> & garage from Côté & Fils Garage Doors`,
    );
    expect(m.text?.trim()).toBe('Dear Jérôme Côté,\nTotal: $2,829.90\nCustomer: Jérôme Côté Overhead Doors');
    expect((m.to as { text: string }).text).toBe('jerome@cote.example.com');
    expect((m.from as { text: string }).text).toBe('desk@cote-doors.example.com');
    expect(m.attachments).toHaveLength(1);
    const att = m.attachments[0]!;
    expect(att.contentType).toBe('application/pdf');
    // Characters unsafe in file names (< > / ...) become spaces. The long name is folded over
    // RFC 2231 continuations, and mailparser may drop a space at a fold: compare without spaces.
    const squash = (v: string | undefined) => (v ?? '').replace(/\s+/g, '');
    expect(squash(att.filename)).toBe(
      squash(`Jérôme Côté Overhead Doors - Hendricks b residence b & garage - OrderID ${order.id}.pdf`),
    );
    const download = await t.send(staff, 'POST', `/api/download-excelOrder/${order.id}`, {});
    // Same document, same bytes (pdfkit stamps a creation date, which is the only difference).
    // (pdfkit writes the date as an object of its own, `(D:20261122024813Z)`, to the second.)
    const strip = (b: Buffer) =>
      b
        .toString('latin1')
        .replace(/\(D:\d{14}Z\)/g, '')
        .replace(/\/CreationDate \(D:[^)]*\)/, '')
        .replace(/\/ID \[<[^>]*> <[^>]*>\]/, '');
    expect(strip(att.content)).toBe(strip(download.rawPayload));
  });

  it('refuses a customer without an e-mail address with a clear 400', async () => {
    const res = await t.send(staff, 'POST', `/api/send-emailQuote/${bare.id}`, {});
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Customer No Mail Doors has no e-mail address; add one to the customer first.');
  });

  it('makes header injection impossible: subjects are one line, addresses are validated', async () => {
    const A = call(admin);
    const cfg = await A('GET', '/api/grabAutoEmailConfig');
    for (const bad of [
      { ...cfg, quoteSubject: 'Hi\r\nBcc: victim@example.com' },
      { ...cfg, emailForward: 'a@b.com\r\nBcc: x@y.com' },
      { ...cfg, emailForward: 'not an address' },
      { ...cfg, quoteBody: '' },
    ]) {
      const r = await t.send(admin, 'POST', '/api/updateAutoEmailConfig', bad);
      expect(r.statusCode).toBe(400);
    }
    // A job name with a line break cannot smuggle a header through the subject either.
    const S = call(staff);
    const q = await S('GET', `/api/quotes/${quote.id}`);
    await S('PUT', `/api/quotes/update/${quote.id}`, { ...q, jobName: 'Line one\r\nBcc: evil@example.com' });
    received.length = 0;
    await S('POST', `/api/send-emailQuote/${quote.id}`, {});
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]!.bcc).toBeUndefined();
    expect(received[0]!.subject).not.toMatch(/[\r\n]/);
    expect(received[0]!.headers.has('bcc')).toBe(false);
  });

  it('keeps e-mail settings for administrators, with a version check', async () => {
    expect((await t.app.inject({ url: '/api/grabAutoEmailConfig', headers: { cookie: staff } })).statusCode).toBe(403);
    const A = call(admin);
    const cfg = await A('GET', '/api/grabAutoEmailConfig');
    await A('POST', '/api/updateAutoEmailConfig', { ...cfg, quoteSubject: 'Quote {documentNumber}' });
    const stale = await t.send(admin, 'POST', '/api/updateAutoEmailConfig', { ...cfg, quoteSubject: 'stale' });
    expect(stale.statusCode).toBe(409);
  });

  it('writes an .eml file to the outbox when no SMTP server is configured', async () => {
    const outboxApp = await createTestApp(engine);
    try {
      const cookie = await outboxApp.login();
      const c = json(
        await outboxApp.app.inject({
          method: 'POST',
          url: '/api/customers/create',
          headers: { cookie },
          payload: { name: 'Outbox Doors', email: 'buyer@outbox.example.com' },
        }),
      ).data;
      const q = json(
        await outboxApp.app.inject({
          method: 'POST',
          url: '/api/quotes/create',
          headers: { cookie },
          payload: { customer: c.id, jobName: 'Shed door' },
        }),
      ).data;
      const res = await outboxApp.app.inject({
        method: 'POST',
        url: `/api/send-emailQuote/${q.id}`,
        headers: { cookie },
        payload: {},
      });
      expect(res.statusCode).toBe(200);
      const dir = outboxApp.config.outboxDir;
      expect(existsSync(dir)).toBe(true);
      const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const parsed = await simpleParser(readFileSync(path.join(dir, files[0]!)));
      expect(parsed.subject).toBe(`Quote ${q.id} - Shed door`);
      expect((parsed.to as { text: string }).text).toBe('buyer@outbox.example.com');
      expect(parsed.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await outboxApp.close();
    }
  });

  it('keeps answering other requests while PDFs render', async () => {
    const renders = Array.from({ length: 6 }, () => t.send(staff, 'POST', `/api/download-excelOrder/${order.id}`, {}));
    const started = Date.now();
    const health = await t.app.inject({ url: '/api/health' });
    const healthMs = Date.now() - started;
    expect(health.statusCode).toBe(200);
    const done = await Promise.all(renders);
    expect(done.every((r) => r.statusCode === 200)).toBe(true);
    expect(healthMs).toBeLessThan(2000);
  });
});
