/**
 * Company settings (the letterhead): GET for every signed-in user, PUT for administrators,
 * validation in plain words, the name in /api/config, no stale copy between two app instances
 * on one database, and the {company...} placeholders in a sent e-mail (read back from the
 * outbox's .eml file).
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCompanySettings } from '@desk/domain';
import { simpleParser } from 'mailparser';
import { anotherInstance, createTestApp, engines, json, SIERRA_LETTERHEAD, type TestApp } from './support.js';

const SETTINGS = {
  ...SIERRA_LETTERHEAD,
  terms: 'Special-order doors need a 50 percent deposit.',
  hours: 'Mon-Fri 7:00-4:30',
};

describe.each(engines())('company settings (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let staff: string;

  const send = (cookie: string | null, method: 'GET' | 'PUT', payload?: unknown) =>
    t.app.inject({
      method,
      url: '/api/settings/company',
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    t = await createTestApp(engine, { COMPANY_NAME: 'Configured Door Co' });
    admin = await t.login();
    staff = await t.staff('clerk');
  });
  afterAll(async () => t?.close());

  it('starts from the configured name with everything else empty, readable by staff', async () => {
    const res = await send(staff, 'GET');
    expect(res.statusCode).toBe(200);
    // Nothing saved yet: the configured name, every other field empty, version 1.
    expect(json(res).data).toEqual(defaultCompanySettings('Configured Door Co'));
    expect(json(await t.app.inject({ url: '/api/config' })).data.companyName).toBe('Configured Door Co');
  });

  it('lets only administrators save, and nobody without a session read', async () => {
    expect((await send(null, 'GET')).statusCode).toBe(401);
    expect((await send(null, 'PUT', SETTINGS)).statusCode).toBe(401);
    const refused = await send(staff, 'PUT', SETTINGS);
    expect(refused.statusCode).toBe(403);
    expect(json(await send(staff, 'GET')).data.name).toBe('Configured Door Co');
  });

  it('refuses bad values with a 400 that names each field in plain words', async () => {
    // Each refused field also comes on its own, under its name in the request, for the form.
    // The message says every refused field; each also comes on its own, under its name in the
    // request, for the form. Each case: the body, then each refused field with its sentence.
    const validity = 'Quote validity must be a whole number of days from 1 to 3650, or empty.';
    const cases: Array<[object, Record<string, string>]> = [
      [{ ...SETTINGS, name: '  ' }, { name: 'Company name is required.' }],
      [{ ...SETTINGS, name: undefined }, { name: 'Company name is required.' }],
      [
        { ...SETTINGS, email: 'not an address' },
        { email: 'E-mail must be an e-mail address, e.g. sales@example.com.' },
      ],
      [{ ...SETTINGS, quoteValidityDays: 1.5 }, { quoteValidityDays: validity }],
      [{ ...SETTINGS, quoteValidityDays: 0 }, { quoteValidityDays: validity }],
      [{ ...SETTINGS, quoteValidityDays: 'thirty' }, { quoteValidityDays: 'Quote validity must be a number of days.' }],
      [{ ...SETTINGS, phone: 'x'.repeat(41) }, { phone: 'Phone must be at most 40 characters.' }],
      [{ ...SETTINGS, zip: 95815 }, { zip: 'ZIP code must be text.' }],
      [{ ...SETTINGS, street: 'line one\nline two' }, { street: 'Street must be one line.' }],
      [{ ...SETTINGS, terms: 'x'.repeat(4001) }, { terms: 'Terms must be at most 4,000 characters.' }],
      [
        { ...SETTINGS, name: '', email: 'nope' },
        { name: 'Company name is required.', email: 'E-mail must be an e-mail address, e.g. sales@example.com.' },
      ],
    ];
    for (const [body, refused] of cases) {
      const message = Object.values(refused).join(' ');
      const res = await send(admin, 'PUT', body);
      expect(res.statusCode, message).toBe(400);
      expect(json(res)).toEqual({
        status: 'FAILED',
        data: null,
        message,
        issues: Object.entries(refused).map(([field, text]) => ({ field, message: text })),
      });
    }
    const notAnObject = await t.send(admin, 'PUT', '/api/settings/company', '[1, 2]', {
      'content-type': 'application/json',
    });
    expect(notAnObject.statusCode).toBe(400);
    expect(json(notAnObject).message).toBe('Send the company settings as a JSON object.');
    // Nothing was saved by any of them.
    expect(json(await send(staff, 'GET')).data.version).toBe(1);
  });

  it('saves every field, trims them, and shows the name in /api/config', async () => {
    const res = await send(admin, 'PUT', { ...SETTINGS, name: `  ${SETTINGS.name} `, version: 1 });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      status: 'OK',
      // "Price loose parts" (decision 028) left out of the save: off, as it was.
      data: { ...SETTINGS, priceLooseParts: false, version: 2 },
      message: 'Company settings saved',
    });
    expect(json(await send(staff, 'GET')).data).toEqual({ ...SETTINGS, priceLooseParts: false, version: 2 });
    expect(json(await t.app.inject({ url: '/api/config' })).data).toEqual({
      companyName: SETTINGS.name,
      taxRate: 0.0975,
    });
    // Empty optional fields (and '' from a cleared form field) are stored as empty.
    const cleared = await send(admin, 'PUT', { name: SETTINGS.name, street: '', quoteValidityDays: '', terms: '  ' });
    // Hours left out of a save are kept as saved (a form that does not know them changes nothing).
    expect(json(cleared).data).toMatchObject({
      street: null,
      quoteValidityDays: null,
      terms: null,
      hours: SETTINGS.hours,
      version: 3,
    });
    await send(admin, 'PUT', SETTINGS);
  });

  it('refuses a save from a stale form with 409, and one of 50 concurrent saves of one version wins', async () => {
    const { version } = json(await send(admin, 'GET')).data;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send(admin, 'PUT', { ...SETTINGS, phone: `555-01${i}`, version })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(json(results.find((r) => r.statusCode === 409)!).message).toBe(
      'The company settings were changed by someone else; reload them and try again.',
    );
    const winner = json(results.find((r) => r.statusCode === 200)!).data;
    expect(json(await send(staff, 'GET')).data).toEqual({ ...winner, version: version + 1 });
    await send(admin, 'PUT', SETTINGS);
  });

  it('shows a save made through one instance at once on another instance of the same database', async () => {
    const other = await anotherInstance(t);
    try {
      await other.ready();
      // The other instance reads the current name once (any cache would be filled now).
      expect(json(await other.inject({ url: '/api/config' })).data.companyName).toBe(SETTINGS.name);
      await send(admin, 'PUT', { ...SETTINGS, name: 'Renamed Door Supply' });
      expect(json(await other.inject({ url: '/api/config' })).data.companyName).toBe('Renamed Door Supply');
    } finally {
      await other.close();
      await send(admin, 'PUT', SETTINGS);
    }
  });

  it('fills {companyName} {companyPhone} {companyEmail} {companyAddress} in a sent e-mail', async () => {
    const outbox = t.config.outboxDir;
    rmSync(outbox, { recursive: true, force: true });
    const S = async (method: 'GET' | 'POST', url: string, payload?: object) =>
      json(await t.app.inject({ method, url, headers: { cookie: staff }, ...(payload ? { payload } : {}) })).data;
    const customer = await S('POST', '/api/customers/create', {
      name: 'Folsom Doors',
      email: 'buyer@folsom.example.com',
    });
    const quote = await S('POST', '/api/quotes/create', { customer: customer.id, jobName: 'Shop door' });
    const cfg = json(await t.app.inject({ url: '/api/grabAutoEmailConfig', headers: { cookie: admin } })).data;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/updateAutoEmailConfig',
      headers: { cookie: admin },
      payload: {
        ...cfg,
        quoteSubject: 'Quote {documentNumber} from {companyName}',
        quoteBody: 'Thank you,\n{companyName}\n{companyAddress}\nPhone {companyPhone}\nE-mail {companyEmail}',
      },
    });
    expect(saved.statusCode).toBe(200);
    const res = await t.send(staff, 'POST', `/api/send-emailQuote/${quote.id}`, {});
    expect(res.statusCode).toBe(200);
    const files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(readFileSync(path.join(outbox, files[0]!)));
    expect(mail.subject).toBe(`Quote ${quote.id} from Sierra Overhead Door Supply`);
    expect(mail.text?.trim()).toBe(
      'Thank you,\nSierra Overhead Door Supply\n1200 Industrial Way, Sacramento, CA 95815\n' +
        'Phone (916) 555-0142\nE-mail sales@sierra-doors.example.com',
    );
    expect(mail.attachments[0]!.contentType).toBe('application/pdf');
  });
});
