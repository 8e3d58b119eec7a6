/**
 * Send Email's dialog (issue 36): the clerk sends the document to the recipient they chose
 * (prefilled with the customer's address), copies it (Cc) and adds a note above the template's
 * body. Orders and quotes share the call. Addresses are validated (no header can be smuggled in),
 * the note has a length limit, and the document's E-mails section records recipient and copies.
 * A real SMTP server inside the test receives the messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, json, type TestApp } from './support.js';
import { TestSmtp } from './test-smtp.js';

describe.each(engines())('Send Email with recipient, cc and note (%s)', (engine) => {
  let t: TestApp;
  const smtp = new TestSmtp();
  const received = smtp.received;
  let staff: string;
  const docs: Record<'order' | 'quote', number> = { order: 0, quote: 0 };

  const send = (kind: 'order' | 'quote', body: object) =>
    t.send(staff, 'POST', `/api/send-email${kind === 'order' ? 'Order' : 'Quote'}/${docs[kind]}`, body);

  beforeAll(async () => {
    await smtp.start();
    t = await createTestApp(engine, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'desk@sierra.example.com',
    });
    staff = await t.staff('counter');
    const cfg = await t.admin('GET', '/api/grabAutoEmailConfig');
    await t.admin('POST', '/api/updateAutoEmailConfig', {
      ...cfg,
      orderBody: 'Dear {contactName}, your order is attached.',
      quoteBody: 'Dear {contactName}, your quote is attached.',
      emailForward: 'archive@sierra.example.com',
    });
    const customer = await t.admin('POST', '/api/customers/create', {
      name: 'Folsom Builders',
      contactName: 'Dana',
      email: 'dana@folsom.example.com',
    });
    for (const kind of ['order', 'quote'] as const)
      docs[kind] = (await t.admin('POST', `/api/${kind}s/create`, { customer: customer.id, jobName: 'Shop' })).id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp.stop();
  });

  it.each(['order', 'quote'] as const)(
    'sends the %s to the chosen recipient with copies and the note above the body, and records them',
    async (kind) => {
      received.length = 0;
      const res = await send(kind, {
        noPricePrint: false,
        to: '  site.office@folsom.example.com ',
        cc: 'dana@folsom.example.com; buyer@folsom.example.com,  dana@folsom.example.com',
        note: '  Gate code 4411.\nCall before delivery.  ',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res).data).toMatchObject({
        to: 'site.office@folsom.example.com',
        cc: 'dana@folsom.example.com, buyer@folsom.example.com',
        bcc: 'archive@sierra.example.com',
        status: kind === 'quote' ? 'Sent' : null,
      });
      expect(json(res).message).toBe(
        `${kind === 'order' ? 'Order' : 'Quote'} e-mailed to site.office@folsom.example.com, copied to dana@folsom.example.com, buyer@folsom.example.com`,
      );
      await expect.poll(() => received.length).toBe(1);
      const { mail, rcpt } = received[0]!;
      expect((mail.to as { text: string }).text).toBe('site.office@folsom.example.com');
      expect((mail.cc as { text: string }).text).toBe('dana@folsom.example.com, buyer@folsom.example.com');
      expect(rcpt.sort()).toEqual(
        [
          'archive@sierra.example.com',
          'buyer@folsom.example.com',
          'dana@folsom.example.com',
          'site.office@folsom.example.com',
        ].sort(),
      );
      expect(mail.text?.trim()).toBe(`Gate code 4411.\nCall before delivery.\n\nDear Dana, your ${kind} is attached.`);

      const log = await t.as(staff).data('GET', `/api/${kind}s/${docs[kind]}/emails`);
      expect(log.items[0]).toMatchObject({
        to: 'site.office@folsom.example.com',
        cc: 'dana@folsom.example.com, buyer@folsom.example.com',
        state: 'sent',
        user: 'counter',
      });
    },
  );

  it("sends to the customer's own address with no copies when the dialog's fields are left out", async () => {
    received.length = 0;
    const res = await send('order', {});
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ to: 'dana@folsom.example.com', cc: null });
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]!.mail.cc).toBeUndefined();
    expect(received[0]!.mail.text?.trim()).toBe('Dear Dana, your order is attached.');
  });

  it('refuses bad addresses, header injection and a long note with a 400 in words, sending nothing', async () => {
    received.length = 0;
    const cases: Array<[object, string]> = [
      [{ to: 'dana@folsom.example.com\r\nBcc: victim@example.com' }, 'To must be one e-mail address'],
      [{ to: 'Dana <dana@folsom.example.com>' }, 'To must be one e-mail address'],
      [{ to: '' }, 'To is required'],
      [
        { cc: 'buyer@folsom.example.com, not-an-address' },
        "Cc must be e-mail addresses separated by commas; 'not-an-address' is not one",
      ],
      [{ cc: 'a@b.com\nBcc: victim@example.com' }, 'Cc must be e-mail addresses separated by commas'],
      [{ cc: 'a@b.co b@b.co c@b.co d@b.co e@b.co f@b.co' }, 'Cc may name at most 5 addresses'],
      [{ note: 'x'.repeat(2001) }, 'Note must be at most 2,000 characters'],
    ];
    for (const [body, message] of cases) {
      for (const kind of ['order', 'quote'] as const) {
        const res = await send(kind, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(json(res).message).toContain(message);
      }
    }
    expect(received).toHaveLength(0);
  });
});
