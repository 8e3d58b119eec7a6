/**
 * A quote's lifecycle and revisions (docs/architecture.md section 3) through the real API on
 * both databases: Draft, Sent on e-mail, Accepted on export, Declined by hand, Expired past the
 * validity date; revise twice, edit the latest, earlier revisions refuse edits (409), export a
 * chosen revision; concurrent revisions get distinct numbers and one latest.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { engines, json, suiteApp, userApi } from './support.js';

describe.each(engines())('quote lifecycle and revisions (%s)', (engine) => {
  const suite = suiteApp(engine);
  const f: Record<string, any> = {};
  const { send: S, data: D } = userApi(() => ({ t: suite.t, cookie: suite.admin }));

  beforeAll(async () => {
    const types = await suite.t.productTypes();
    f.customer = await D('POST', '/api/customers/create', { name: 'Lopez Doors', email: 'lopez@example.com' });
    f.part = await D('POST', '/api/products/create', {
      itemNo: 'SEAL-16',
      wholesalePrice: 18,
      productType: types.Part,
    });
  });

  const quote = async (jobName: string, quoteDate?: string) =>
    D('POST', '/api/quotes/create', { customer: f.customer.id, jobName, ...(quoteDate ? { quoteDate } : {}) });
  const listed = async (qs = '') =>
    (await D('GET', `/api/quotes/?size=30&sort=-id${qs}`)).items as Array<{
      id: number;
      status: string;
      quoteNumber: number;
      revision: number;
    }>;

  it('goes Draft, Sent when e-mailed, Accepted when exported; Declined by hand, and back', async () => {
    const q = await quote('Lifecycle');
    expect(q).toMatchObject({ status: 'Draft', quoteNumber: q.id, revision: 1, latestRevision: true });
    await D('POST', `/api/send-emailQuote/${q.id}`, {});
    expect((await D('GET', `/api/quotes/${q.id}`)).status).toBe('Sent');

    const declined = await D('PUT', `/api/quotes/update/${q.id}`, {
      customer: f.customer.id,
      jobName: 'Lifecycle',
      quoteStatus: 'Declined',
      version: q.version,
    });
    expect(declined.status).toBe('Declined');
    const accepted = await S('PUT', `/api/quotes/update/${q.id}`, {
      customer: f.customer.id,
      quoteStatus: 'Accepted',
      version: declined.version,
    });
    expect(accepted.statusCode).toBe(400);
    expect(json(accepted).message).toContain('a quote is Accepted by exporting it to an order');

    await D('POST', `/api/orders/create-from-quote/${q.id}`);
    expect((await D('GET', `/api/quotes/${q.id}`)).status).toBe('Accepted');
    const history = (await D('GET', `/api/quotes/${q.id}/history`)).items.map((h: any) => [
      h.action,
      h.field,
      h.from,
      h.to,
    ]);
    expect(history.filter((h: any[]) => h[1] === 'status')).toEqual([
      ['changed', 'status', 'Declined', 'Accepted'],
      ['changed', 'status', 'Sent', 'Declined'],
      ['changed', 'status', 'Draft', 'Sent'],
    ]);
    expect((await listed('&status=Accepted')).map((r) => r.id)).toContain(q.id);
  });

  it('shows a Draft or Sent quote past its validity as Expired, and filters by it', async () => {
    const settings = await D('GET', '/api/settings/company');
    await D('PUT', '/api/settings/company', { ...settings, quoteValidityDays: 30 });
    try {
      const old = await quote('Old quote', '2020-01-15');
      const fresh = await quote('Fresh quote');
      expect((await D('GET', `/api/quotes/${old.id}`)).status).toBe('Expired');
      expect((await D('GET', `/api/quotes/${fresh.id}`)).status).toBe('Draft');
      const expired = (await listed('&status=Expired')).map((r) => r.id);
      expect(expired).toContain(old.id);
      expect(expired).not.toContain(fresh.id);
      expect((await listed()).find((r) => r.id === old.id)?.status).toBe('Expired');
    } finally {
      const now = await D('GET', '/api/settings/company');
      await D('PUT', '/api/settings/company', { ...now, quoteValidityDays: null });
    }
  });

  it('revises twice; only the latest can change; the list shows the latest; export takes the chosen one', async () => {
    const rev1 = await quote('Revised job');
    await D('POST', `/api/quote-parts/create/${rev1.id}`, { product: f.part.id, quantity: 2 });
    const rev2 = (await S('POST', `/api/quotes/${rev1.id}/revise`)).json().data;
    expect(rev2).toMatchObject({ quoteNumber: rev1.id, revision: 2, status: 'Draft', latestRevision: true });
    const rev3 = await D('POST', `/api/quotes/${rev2.id}/revise`);
    expect(rev3).toMatchObject({ quoteNumber: rev1.id, revision: 3 });
    // The copy has the lines.
    expect((await D('GET', `/api/quote-parts/${rev3.id}`)).map((l: any) => l.quantity)).toEqual([2]);

    // The latest changes; the earlier ones refuse, saying which to change.
    await D('POST', `/api/quote-parts/create/${rev3.id}`, { product: f.part.id, quantity: 5 });
    const edit = await S('PUT', `/api/quotes/update/${rev1.id}`, {
      customer: f.customer.id,
      jobName: 'Too late',
      version: (await D('GET', `/api/quotes/${rev1.id}`)).version,
    });
    expect(edit.statusCode).toBe(409);
    expect(json(edit).message).toBe(
      `Quote ${rev1.id} is read-only: Quote ${rev1.id} rev 3 is the latest revision. Change that one instead.`,
    );
    const line = (await D('GET', `/api/quote-parts/${rev2.id}`))[0];
    expect(
      (await S('POST', `/api/quote-parts/create/${rev2.id}`, { product: f.part.id, quantity: 1 })).statusCode,
    ).toBe(409);
    expect((await S('PUT', `/api/quote-parts/update/${line.id}`, { quantity: 9 })).statusCode).toBe(409);
    expect((await S('DELETE', `/api/quote-parts/delete/${line.id}`)).statusCode).toBe(409);
    expect((await D('GET', `/api/quote-parts/${rev2.id}`)).map((l: any) => l.quantity)).toEqual([2]);

    const revisions = await D('GET', `/api/quotes/${rev2.id}/revisions`);
    expect(revisions.map((r: any) => [r.revision, r.latest, r.status])).toEqual([
      [1, false, 'Draft'],
      [2, false, 'Draft'],
      [3, true, 'Draft'],
    ]);
    expect(revisions[2].totalsCents).toEqual({
      subTotalCents: expect.any(Number),
      taxCents: expect.any(Number),
      totalCents: expect.any(Number),
    });
    expect((await D('GET', `/api/quote-parts/${rev3.id}`)).map((l: any) => l.quantity)).toEqual([2, 5]);

    const rows = (await listed()).filter((r) => r.quoteNumber === rev1.id);
    expect(rows).toEqual([expect.objectContaining({ id: rev3.id, revision: 3 })]);

    // Export rev 2: the order comes from it, and says so.
    const order = await D('POST', `/api/orders/create-from-quote/${rev2.id}`);
    expect(order.sourceQuoteId).toBe(rev2.id);
    expect((await D('GET', `/api/orders/${order.id}/history`)).items[0]).toMatchObject({
      action: 'exported-from',
      from: `Quote ${rev1.id} rev 2`,
    });

    // Deleting the latest makes rev 2 the latest again.
    await D('DELETE', `/api/quotes/delete/${rev3.id}`);
    expect((await D('GET', `/api/quotes/${rev2.id}`)).latestRevision).toBe(true);
  });

  it('gives 20 revisions made at once 20 different numbers and exactly one latest', async () => {
    const root = await quote('Raced');
    const answers = await Promise.all(Array.from({ length: 20 }, () => S('POST', `/api/quotes/${root.id}/revise`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const revisions = await D('GET', `/api/quotes/${root.id}/revisions`);
    expect(revisions.map((r: any) => r.revision)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(revisions.filter((r: any) => r.latest)).toHaveLength(1);
    expect(revisions.at(-1).latest).toBe(true);
  });
});
