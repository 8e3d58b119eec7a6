/**
 * Issue 36, defect 4: a misspelt placeholder ({jobNme}) in an e-mail template was saved ("Update
 * Succeeded") and then sent to the customer as written. Every template (quote and order subject
 * and body, the ready-for-pickup subject and body) is checked against the one list of placeholders
 * its renderer fills; an unknown one is refused with a 400 in words that lists the known ones, and
 * nothing is saved.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { createTestApp, engines, json, type TestApp } from './support.js';

describe.each(engines())('e-mail template placeholders (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let cfg: Record<string, unknown>;

  const save = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/updateAutoEmailConfig', headers: { cookie: admin }, payload });
  const stored = async () =>
    json(await t.app.inject({ url: '/api/grabAutoEmailConfig', headers: { cookie: admin } })).data;

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.login();
    cfg = await stored();
  });
  afterAll(async () => t?.close());

  it.each([
    ['quoteSubject', 'Quote subject'],
    ['quoteBody', 'Quote body'],
    ['orderSubject', 'Order subject'],
    ['orderBody', 'Order body'],
    ['readySubject', 'Ready subject'],
    ['readyBody', 'Ready body'],
  ])('refuses {jobNme} in the %s, naming the known placeholders, and saves nothing', async (field, words) => {
    const res = await save({ ...cfg, [field]: 'Order {documentNumber} - {jobNme}' });
    expect(res.statusCode).toBe(400);
    const message: string = json(res).message;
    expect(message).toMatch(
      new RegExp(`^${words} has an unknown placeholder \\{jobNme\\} \\(did you mean \\{jobName\\}\\?\\)`),
    );
    expect(message).toContain('{customerName}');
    expect(message).toContain('{companyAddress}');
    expect(message).not.toContain('body.');
    expect(await stored()).toEqual(cfg);
  });

  it('holds each template kind to its own list: {total} only in documents, {bay} only in ready for pickup', async () => {
    const total = await save({ ...cfg, readyBody: 'Ready in bay {bay}, total {total}' });
    expect(total.statusCode).toBe(400);
    expect(json(total).message).toMatch(/^Ready body has an unknown placeholder \{total\}/);
    expect(json(total).message).toContain('{bay}');

    const bay = await save({ ...cfg, orderBody: 'Pick up in bay {bay}' });
    expect(bay.statusCode).toBe(400);
    expect(json(bay).message).toMatch(/^Order body has an unknown placeholder \{bay\}/);
    expect(json(bay).message).not.toContain('{bay},');
  });

  it('names every unknown one, also spaced or empty braces, in one answer', async () => {
    const res = await save({ ...cfg, quoteSubject: 'Quote { jobName } {} {Total}', orderBody: 'Dear {contact}' });
    expect(res.statusCode).toBe(400);
    const message: string = json(res).message;
    expect(message).toContain('Quote subject has unknown placeholders { jobName }, {}, {Total}');
    expect(message).toContain('Order body has an unknown placeholder {contact}');
  });

  it('saves every known placeholder and fills each in the sent e-mail, {companyHours} too', async () => {
    const outbox = t.config.outboxDir;
    rmSync(outbox, { recursive: true, force: true });
    const res = await save({
      ...cfg,
      orderSubject: 'Order {documentNumber} - {jobName}',
      orderBody:
        '{customerName}/{contactName}/{total}/{companyName}/{companyPhone}/{companyEmail}/{companyAddress}/{companyHours}',
      readyBody: 'Bay {bay}, open {companyHours}',
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.admin('PUT', '/api/settings/company', {
      ...(await t.admin('GET', '/api/settings/company')),
      name: 'Sierra Doors',
      hours: 'Mon-Fri 7-4',
    });
    const customer = await t.admin('POST', '/api/customers/create', {
      name: 'Folsom Builders',
      email: 'buyer@folsom.example.com',
    });
    const order = await t.admin('POST', '/api/orders/create', { customer: customer.id, jobName: 'Shop' });
    const sent = await t.send(admin, 'POST', `/api/send-emailOrder/${order.id}`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    const mail = await simpleParser(readFileSync(path.join(outbox, files[0]!)));
    expect(mail.subject).toBe(`Order ${order.id} - Shop`);
    expect(mail.text).toContain('Sierra Doors');
    expect(mail.text).toContain('/Mon-Fri 7-4');
    expect(mail.text).not.toMatch(/\{\w+\}/);
  });
});
