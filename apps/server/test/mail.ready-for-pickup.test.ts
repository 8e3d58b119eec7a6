/**
 * The customer is told (issue 15): the ready-for-pickup e-mail queued with Place in Bay and sent
 * by the mail queue to a real SMTP server (smtp-server) inside the test; with the server down the
 * assignment still succeeds and the e-mail waits, retried with back-off, across an app restart,
 * never sent twice by two instances; the document's e-mail log.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/modules/mail/mailer.js';
import { MailQueue, retryDelayMs } from '../src/modules/mail/mail-queue.service.js';
import { enqueue } from '../src/modules/mail/outbox.repository.js';
import { anotherInstance, createTestApp, engines, json, type TestApp } from './support.js';
import { TestSmtp } from './test-smtp.js';

describe.each(engines())('ready-for-pickup e-mail (%s)', (engine) => {
  let t: TestApp;
  const smtp = new TestSmtp();
  let clerk: string;
  let pkgId: number;
  let n = 0;

  const C = () => t.as(clerk);
  const A = () => t.admin;

  /** A customer (with these fields) and an open pickup order with one line. */
  async function pickupOrder(customer: Record<string, unknown> = {}) {
    n++;
    const c = await C().data('POST', '/api/customers/create', {
      name: `Hendricks Overhead ${n}`,
      contactName: 'Dana Hendricks',
      email: `dana${n}@hendricks.example.com`,
      ...customer,
    });
    const o = await C().data('POST', '/api/orders/create', {
      customer: c.id,
      jobName: `Hendricks job ${n}`,
      orderPickup: true,
    });
    await C().data('POST', `/api/order-parts/create/${o.id}`, { product: pkgId, quantity: 1 });
    return { customer: c, order: o.id as number };
  }

  const place = (orderId: number, bay: number) =>
    C().send('PUT', '/api/orders/updateChosenJob', [{ id: orderId, current_load: true, loading_bay: bay }]);
  const emails = async (orderId: number) => (await C().data('GET', `/api/orders/${orderId}/emails`)).items;
  const outboxRows = () => t.db.database.db.selectFrom('email_outbox').selectAll().orderBy('id').execute();

  async function setReadyEmail(on: boolean) {
    const config = await A()('GET', '/api/grabAutoEmailConfig');
    await A()('POST', '/api/updateAutoEmailConfig', { ...config, readyForPickupEmail: on });
  }

  beforeAll(async () => {
    await smtp.start();
    t = await createTestApp(engine, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      COMPANY_NAME: 'Sierra Door Supply',
      MAIL_FROM: 'desk@sierra-doors.example.com',
    });
    clerk = await t.staff('yardclerk');
    const types = await t.productTypes();
    pkgId = (
      await A()('POST', '/api/products/create', {
        itemNo: 'PKG-0907',
        itemDescription: '9x7 steel door package',
        wholesalePrice: 600,
        productType: types.Package,
      })
    ).id;
    const company = await A()('GET', '/api/settings/company');
    await A()('PUT', '/api/settings/company', {
      ...company,
      street: '1200 Industrial Way',
      city: 'Sacramento',
      state: 'CA',
      zip: '95815',
      phone: '916-555-0100',
      hours: 'Mon-Fri 7:00-4:30, Sat 8:00-12:00',
    });
  });
  /** Takes every current load out of its bay (no e-mail: nothing is placed). */
  async function emptyBays() {
    const loads = (await C().data('GET', '/api/orders/list/pickup_ready')).filter((o: any) => o.current_load);
    if (loads.length)
      await C().data(
        'PUT',
        '/api/orders/updateChosenJob',
        loads.map((o: any) => ({ id: o.id, current_load: false, loading_bay: o.loading_bay })),
      );
  }

  afterEach(async () => {
    await t.app.ctx.mailQueue.settled();
    await emptyBays();
    smtp.refuseRecipients = false;
    if (!smtp.running) await smtp.start();
  });
  afterAll(async () => {
    await t?.close();
    await smtp.stop();
  });

  it('is off until an administrator switches it on; the settings keep the text and the switch', async () => {
    const config = await A()('GET', '/api/grabAutoEmailConfig');
    expect(config).toMatchObject({
      readyForPickupEmail: false,
      readySubject: 'Your order {documentNumber} is ready for pickup',
    });
    expect(config.readyBody).toContain('Order {documentNumber}');
    const { order } = await pickupOrder();
    expect((await place(order, 1)).statusCode).toBe(200);
    expect(await emails(order)).toEqual([]);
    // A save that leaves the new fields out changes nothing of them.
    const { readyForPickupEmail: _a, readySubject: _b, readyBody: _c, ...older } = config;
    await A()('POST', '/api/updateAutoEmailConfig', { ...older, readySubject: undefined });
    await setReadyEmail(true);
    const saved = await A()('GET', '/api/grabAutoEmailConfig');
    expect(saved).toMatchObject({ readyForPickupEmail: true, readySubject: config.readySubject });
    await A()('POST', '/api/updateAutoEmailConfig', { ...older, version: saved.version });
    expect(await A()('GET', '/api/grabAutoEmailConfig')).toMatchObject({ readyForPickupEmail: true });
    // A blank subject is refused in plain words.
    const bad = await t.send(await t.login(), 'POST', '/api/updateAutoEmailConfig', { ...saved, readySubject: ' ' });
    expect(bad.statusCode).toBe(400);
  });

  it('Place in Bay e-mails the customer from the template: order, job, bay, address and hours', async () => {
    await setReadyEmail(true);
    const { order } = await pickupOrder();
    const before = smtp.received.length;
    const res = await place(order, 3);
    expect(res.statusCode).toBe(200);
    await t.app.ctx.mailQueue.settled();
    const mail = smtp.received.slice(before).map((r) => r.mail);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Your order ${order} is ready for pickup`);
    expect(mail[0]!.to).toMatchObject({ text: `dana${n}@hendricks.example.com` });
    expect(mail[0]!.attachments).toEqual([]);
    const text = mail[0]!.text ?? '';
    expect(text).toContain('Hello Dana Hendricks,');
    expect(text).toContain(`Order ${order} (Hendricks job ${n}) is ready for pickup in bay 3.`);
    expect(text).toContain('1200 Industrial Way, Sacramento, CA 95815');
    expect(text).toContain('Our hours: Mon-Fri 7:00-4:30, Sat 8:00-12:00');
    expect(text).toContain('Sierra Door Supply');
    const log = await emails(order);
    expect(log).toEqual([
      expect.objectContaining({
        purpose: 'ready-for-pickup',
        to: `dana${n}@hendricks.example.com`,
        subject: `Your order ${order} is ready for pickup`,
        state: 'sent',
        attempts: 1,
        user: 'yardclerk',
        error: null,
        nextAttemptAt: null,
      }),
    ]);
    expect(log[0].sentAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // Saved again as it is: not placed again, no second e-mail. Moved to another bay: told again.
    expect((await place(order, 3)).statusCode).toBe(200);
    expect((await place(order, 5)).statusCode).toBe(200);
    await t.app.ctx.mailQueue.settled();
    expect(smtp.received.slice(before).map((r) => r.mail.text?.includes('in bay 5'))).toEqual([false, true]);
    // Taken out of the bay (not completed): recorded, and nothing is sent.
    await emptyBays();
    const history = await C().data('GET', `/api/orders/${order}/history?size=10`);
    expect(history.items[0]).toMatchObject({ action: 'changed', field: 'currentLoad', from: 'bay 5', to: null });
  });

  it('skips customers who opted out or have no e-mail address; a customer keeps the choice when left out', async () => {
    await setReadyEmail(true);
    const out = await pickupOrder({ readyForPickupEmail: false });
    expect(out.customer.readyForPickupEmail).toBe(false);
    // An update without the field keeps the opt-out.
    const { id, openOrders: _o, ...fields } = out.customer;
    const { readyForPickupEmail: _r, ...withoutChoice } = fields;
    const updated = await C().data('PUT', `/api/customers/update/${id}`, withoutChoice);
    expect(updated.readyForPickupEmail).toBe(false);
    const none = await pickupOrder({ email: null });
    expect(none.customer.readyForPickupEmail).toBe(true);
    expect((await place(out.order, 6)).statusCode).toBe(200);
    expect((await place(none.order, 7)).statusCode).toBe(200);
    expect(await emails(out.order)).toEqual([]);
    expect(await emails(none.order)).toEqual([]);
  });

  it('a refused assignment queues nothing (the e-mail and the assignment share a transaction)', async () => {
    await setReadyEmail(true);
    const a = await pickupOrder();
    const b = await pickupOrder();
    const res = await C().send('PUT', '/api/orders/updateChosenJob', [
      { id: a.order, current_load: true, loading_bay: 8 },
      { id: b.order, current_load: true, loading_bay: 8 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(await emails(a.order)).toEqual([]);
    expect(await emails(b.order)).toEqual([]);
  });

  it('with the mail server down the assignment succeeds; the e-mail waits and is retried with back-off', async () => {
    await setReadyEmail(true);
    await smtp.stop();
    const { order } = await pickupOrder();
    const res = await place(order, 2);
    expect(res.statusCode).toBe(200);
    expect(json(res).data.find((o: any) => o.id === order)).toMatchObject({ current_load: true, loading_bay: 2 });
    await t.app.ctx.mailQueue.settled();
    let [queued] = await emails(order);
    expect(queued).toMatchObject({ state: 'queued', attempts: 1, sentAt: null });
    expect(queued.error).toMatch(/ECONNREFUSED|connect/i);
    expect(Date.parse(queued.nextAttemptAt) - t.clock()).toBe(retryDelayMs(1));

    // Not due yet: nothing is tried. Due, still down: the pause doubles.
    await t.app.ctx.mailQueue.deliverDue();
    expect((await emails(order))[0].attempts).toBe(1);
    t.clock.advance(retryDelayMs(1));
    await t.app.ctx.mailQueue.deliverDue();
    [queued] = await emails(order);
    expect(queued).toMatchObject({ state: 'queued', attempts: 2 });
    expect(Date.parse(queued.nextAttemptAt) - t.clock()).toBe(retryDelayMs(2));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    // The server is back: delivered at the next attempt.
    await smtp.start();
    const before = smtp.received.length;
    t.clock.advance(retryDelayMs(2));
    await t.app.ctx.mailQueue.deliverDue();
    expect(await emails(order)).toEqual([expect.objectContaining({ state: 'sent', attempts: 3, error: null })]);
    expect(smtp.received.slice(before).map((r) => r.mail.subject)).toEqual([`Your order ${order} is ready for pickup`]);
  });

  it('a recipient the mail server refuses for good fails at once, with the reason', async () => {
    await setReadyEmail(true);
    smtp.refuseRecipients = true;
    const { order } = await pickupOrder();
    expect((await place(order, 4)).statusCode).toBe(200);
    await t.app.ctx.mailQueue.settled();
    const [failed] = await emails(order);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, nextAttemptAt: null });
    expect(failed.error).toMatch(/No such mailbox/);
  });

  it('is given up two days after it was queued', async () => {
    await setReadyEmail(true);
    await smtp.stop();
    const { order } = await pickupOrder();
    expect((await place(order, 1)).statusCode).toBe(200);
    await t.app.ctx.mailQueue.settled();
    // Queued two days ago and due now (moving the clock two days would end the test's sessions).
    await t.db.database.db
      .updateTable('email_outbox')
      .set({
        created_at: new Date(t.clock() - 2 * 24 * 3600_000).toISOString(),
        next_attempt_at: new Date(t.clock()).toISOString(),
      })
      .where('document_id', '=', order)
      .execute();
    await t.app.ctx.mailQueue.deliverDue();
    const [failed] = await emails(order);
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(/^Not accepted for two days; last answer: .*(ECONNREFUSED|connect)/i);
  });

  it('50 Place in Bay saves of one order at once queue one e-mail', async () => {
    await setReadyEmail(true);
    const { order } = await pickupOrder();
    const results = await Promise.all(Array.from({ length: 50 }, () => place(order, 6)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    await t.app.ctx.mailQueue.settled();
    expect(await emails(order)).toHaveLength(1);
    const history = await C().data('GET', `/api/orders/${order}/history?size=30`);
    expect(history.items.filter((h: any) => h.action === 'bay-assigned')).toHaveLength(1);
  });

  it('two instances working the same queue send each e-mail once', async () => {
    await setReadyEmail(true);
    await smtp.stop();
    const orders: number[] = [];
    // Eight placed in the eight bays; twelve more queued as a placement queues them (taking a
    // load out of its bay withdraws its unsent e-mail, so the bays cannot be emptied and reused).
    for (let i = 0; i < 20; i++) {
      const { order } = await pickupOrder();
      if (i < 8) expect((await place(order, 1 + i)).statusCode).toBe(200);
      else
        await enqueue(
          t.db.database.db,
          {
            kind: 'order',
            documentId: order,
            purpose: 'ready-for-pickup',
            to: `dana${n}@hendricks.example.com`,
            bcc: null,
            subject: `Your order ${order} is ready for pickup`,
            body: 'Ready.',
            user: 'yardclerk',
          },
          new Date(t.clock()).toISOString(),
        );
      orders.push(order);
    }
    await t.app.ctx.mailQueue.settled();
    await smtp.start();
    t.clock.advance(retryDelayMs(1));
    const other = new MailQueue(
      t.db.database.db,
      t.clock,
      createMailer({
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        from: 'desk@x.example.com',
        outboxDir: t.config.outboxDir,
      }),
    );
    const before = smtp.received.length;
    await Promise.all([t.app.ctx.mailQueue.deliverDue(), other.deliverDue(), other.deliverDue()]);
    const subjects = smtp.received.slice(before).map((r) => r.mail.subject);
    expect(subjects.sort()).toEqual(orders.map((o) => `Your order ${o} is ready for pickup`).sort());
    const rows = (await outboxRows()).filter((r) => orders.includes(r.document_id));
    expect(rows.map((r) => [r.state, r.attempts])).toEqual(orders.map((_, i) => ['sent', i < 8 ? 2 : 1]));
  });

  it('Send Email is logged on the document: sent with its subject, refused with the reason', async () => {
    const { order } = await pickupOrder();
    const sent = await C().send('POST', `/api/send-emailOrder/${order}`, {});
    expect(sent.statusCode).toBe(200);
    await smtp.stop();
    const refused = await C().send('POST', `/api/send-emailOrder/${order}`, {});
    expect(refused.statusCode).toBe(409);
    const log = await emails(order);
    expect(log.map((e: any) => [e.purpose, e.state, e.user])).toEqual([
      ['document', 'failed', 'yardclerk'],
      ['document', 'sent', 'yardclerk'],
    ]);
    expect(log[0].error).toMatch(/ECONNREFUSED|connect/i);
    const quotes = await C().send('GET', '/api/quotes/999999/emails');
    expect(quotes.statusCode).toBe(404);
  });
});

describe.each(engines())('the e-mail queue across a restart (%s)', (engine) => {
  const smtp = new TestSmtp();
  let t: TestApp;
  beforeAll(async () => {
    await smtp.start();
  });
  afterAll(async () => {
    await t?.close();
    await smtp.stop();
  });

  it('an e-mail queued while the mail server was down is sent by the next app on the same database', async () => {
    t = await createTestApp(engine, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    await smtp.stop();
    const config = await t.admin('GET', '/api/grabAutoEmailConfig');
    await t.admin('POST', '/api/updateAutoEmailConfig', { ...config, readyForPickupEmail: true });
    const c = await t.admin('POST', '/api/customers/create', {
      name: 'Restart Doors',
      email: 'yard@restart.example.com',
    });
    const o = await t.admin('POST', '/api/orders/create', {
      customer: c.id,
      jobName: 'After restart',
      orderPickup: true,
    });
    await t.admin('PUT', '/api/orders/updateChosenJob', [{ id: o.id, current_load: true, loading_bay: 2 }]);
    await t.app.ctx.mailQueue.settled();
    await t.app.close();

    await smtp.start();
    const next = await anotherInstance(t);
    await next.ready();
    t.app = next;
    t.clock.advance(retryDelayMs(1));
    await next.ctx.mailQueue.deliverDue();
    expect(smtp.received.map((r) => r.mail.subject)).toEqual([`Your order ${o.id} is ready for pickup`]);
    const rows = await t.db.database.db.selectFrom('email_outbox').select(['state', 'attempts']).execute();
    expect(rows).toEqual([{ state: 'sent', attempts: 2 }]);
  });
});
