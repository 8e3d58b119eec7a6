/**
 * Issue 36, defects 11 and 12: Place in Bay asks before it bumps a bay's current load or loads an
 * order still waiting on an open vendor order (409 in words, with what the dialog needs), and only
 * does it when the request says so (`replaces`, `waitingConfirmed`). A bumped order's queued
 * ready-for-pickup e-mail is withdrawn; a waiting order's customer is e-mailed only when the clerk
 * chose to tell them (`tellCustomer`). The mail server is down here (port 1), so e-mails stay queued.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, json, type TestApp } from './support.js';
import * as outbox from '../src/modules/mail/outbox.repository.js';

describe.each(engines())('placing into a bay (%s)', (engine) => {
  let t: TestApp;
  let clerk: string;
  let n = 0;
  const C = () => t.as(clerk);
  const put = (rows: unknown[]) => C().send('PUT', '/api/orders/updateChosenJob', rows);
  const order = (id: number) => C().data('GET', `/api/orders/${id}`);
  const bay = (id: number) => C().data('GET', `/api/getGarageBayData/${id}`);
  const readyMails = (orderId: number) =>
    t.db.database.db
      .selectFrom('email_outbox')
      .select(['state', 'last_error'])
      .where('document_id', '=', orderId)
      .where('purpose', '=', 'ready-for-pickup')
      .orderBy('id')
      .execute();

  /** A pickup-ready order of its own customer (with an e-mail address). */
  async function pickupOrder(job = 'Job') {
    n++;
    const c = await C().data('POST', '/api/customers/create', {
      name: `Bay Customer ${n}`,
      email: `bay${n}@example.com`,
    });
    const o = await C().data('POST', '/api/orders/create', {
      customer: c.id,
      jobName: `${job} ${n}`,
      orderPickup: true,
    });
    return { id: o.id as number, customer: `Bay Customer ${n}`, job: `${job} ${n}` };
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { SMTP_URL: 'smtp://127.0.0.1:1' });
    clerk = await t.staff('baysclerk');
    const config = await t.admin('GET', '/api/grabAutoEmailConfig');
    await t.admin('POST', '/api/updateAutoEmailConfig', { ...config, readyForPickupEmail: true });
  });
  afterAll(async () => t?.close());

  it('placing into an occupied bay asks first and names the order there; replaces bumps it and withdraws its e-mail', async () => {
    const ten = await pickupOrder('Hendricks');
    const eleven = await pickupOrder('Lakeside');
    expect((await put([{ id: ten.id, current_load: true, loading_bay: 4 }])).statusCode).toBe(200);
    await t.app.ctx.mailQueue.settled();
    expect((await readyMails(ten.id)).map((m) => m.state)).toEqual(['queued']);

    // Alone, and as the Grid Manager sends it (the old load unticked beside the new one): asked.
    for (const rows of [
      [{ id: eleven.id, current_load: true, loading_bay: 4 }],
      [
        { id: ten.id, current_load: false, loading_bay: 4 },
        { id: eleven.id, current_load: true, loading_bay: 4 },
      ],
    ]) {
      const asked = await put(rows);
      expect(asked.statusCode).toBe(409);
      expect(json(asked).message).toBe(
        `Bay 4 already has a current load: order ${ten.id} (${ten.customer}, ${ten.job}). Place order ${eleven.id} there instead of it?`,
      );
      expect(json(asked).data).toEqual({
        taken: [
          {
            orderId: eleven.id,
            bay: 4,
            holder: { orderId: ten.id, customerName: ten.customer, jobName: ten.job },
          },
        ],
        waiting: [],
      });
    }
    // Nothing changed: order 10 is still the load, nobody else was told.
    expect(await order(ten.id)).toMatchObject({ current_load: true, loading_bay: 4 });
    expect(await readyMails(eleven.id)).toEqual([]);

    // Confirmed: order 11 replaces order 10, which stays assigned to bay 4 (next), untold.
    const replaced = await put([{ id: eleven.id, current_load: true, loading_bay: 4, replaces: ten.id }]);
    expect(replaced.statusCode).toBe(200);
    expect(await bay(4)).toMatchObject({ orderId: eleven.id, next: [expect.objectContaining({ orderId: ten.id })] });
    expect(await order(ten.id)).toMatchObject({ current_load: false, loading_bay: 4 });
    expect(await readyMails(ten.id)).toEqual([
      { state: 'withdrawn', last_error: `Withdrawn before it was sent: order ${ten.id} left bay 4 first.` },
    ]);
    expect((await readyMails(eleven.id)).map((m) => m.state)).toEqual(['queued']);
    const history = await C().data('GET', `/api/orders/${ten.id}/history?size=10`);
    expect(history.items[0]).toMatchObject({ action: 'changed', field: 'currentLoad', from: 'bay 4', to: null });
    // The e-mail log shows it withdrawn.
    const log = await C().data('GET', `/api/orders/${ten.id}/emails`);
    expect(log.items[0]).toMatchObject({ state: 'withdrawn', nextAttemptAt: null });

    // A confirmation names the order the clerk saw: someone else's load since then is asked again.
    const twelve = await pickupOrder();
    const stale = await put([{ id: twelve.id, current_load: true, loading_bay: 4, replaces: ten.id }]);
    expect(stale.statusCode).toBe(409);
    expect(json(stale).data.taken[0].holder.orderId).toBe(eleven.id);
    // Completing a load whose e-mail has not gone withdraws it too (the customer has it).
    expect((await C().send('POST', '/api/orders/completeBayOrders', { orderIds: [eleven.id] })).statusCode).toBe(200);
    expect((await readyMails(eleven.id)).map((m) => m.state)).toEqual(['withdrawn']);
  });

  it('an order waiting on an open vendor order is asked about, and its customer is told only if the clerk says so', async () => {
    const waits = await pickupOrder('Waits');
    const vo = await C().data('POST', '/api/vendor-orders/create', {
      name: 'Door panels',
      estimatedArrival: '2026-12-04',
      status: 'Ordered',
    });
    await C().data('POST', '/api/linked-orders/create', { order: waits.id, vendorOrder: vo.id });

    const asked = await put([{ id: waits.id, current_load: true, loading_bay: 5 }]);
    expect(asked.statusCode).toBe(409);
    expect(json(asked).message).toBe(
      `Order ${waits.id}: waiting on vendor order ${vo.id}, due Dec 4 - place it in bay 5 anyway?`,
    );
    expect(json(asked).data).toEqual({
      taken: [],
      waiting: [
        {
          orderId: waits.id,
          bay: 5,
          customerName: waits.customer,
          jobName: waits.job,
          waitingOn: [{ vendorOrderId: vo.id, name: 'Door panels', expected: '2026-12-04', overdue: false }],
        },
      ],
    });
    expect(await order(waits.id)).toMatchObject({ current_load: false, loading_bay: null });
    // Choose Garage Bay only assigns the bay: nothing to ask.
    expect(
      (await C().send('PUT', '/api/orders/chooseGarageBayOrder', [{ id: waits.id, loading_bay: 5 }])).statusCode,
    ).toBe(200);

    // Confirmed without telling the customer: placed, no e-mail; the bay shows the wait.
    const placed = await put([{ id: waits.id, current_load: true, loading_bay: 5, waitingConfirmed: true }]);
    expect(placed.statusCode).toBe(200);
    expect(await readyMails(waits.id)).toEqual([]);
    expect(await bay(5)).toMatchObject({
      orderId: waits.id,
      waitingOn: [{ vendorOrderId: vo.id, name: 'Door panels', expected: '2026-12-04', overdue: false }],
    });

    // Another waiting order, and the clerk chose to tell the customer: queued.
    const told = await pickupOrder('Told');
    await C().data('POST', '/api/linked-orders/create', { order: told.id, vendorOrder: vo.id });
    const both = await put([
      { id: told.id, current_load: true, loading_bay: 6, waitingConfirmed: true, tellCustomer: true },
    ]);
    expect(both.statusCode).toBe(200);
    expect((await readyMails(told.id)).map((m) => m.state)).toEqual(['queued']);
    // An order that waits on nothing is e-mailed as before; the bay says it waits on nothing.
    const plain = await pickupOrder();
    expect((await put([{ id: plain.id, current_load: true, loading_bay: 7 }])).statusCode).toBe(200);
    expect((await readyMails(plain.id)).map((m) => m.state)).toEqual(['queued']);
    expect((await bay(7)).waitingOn).toEqual([]);
  });

  it('50 clerks placing 50 orders into one bay at once: one wins, then 50 replacing it at once: one wins; no e-mail for an order not in the bay', async () => {
    await put(
      (await C().data('GET', '/api/orders/list/pickup_ready'))
        .filter((o: any) => o.current_load)
        .map((o: any) => ({ id: o.id, current_load: false, loading_bay: null })),
    );
    const contenders: number[] = [];
    for (let i = 0; i < 50; i++) contenders.push((await pickupOrder('Race')).id);
    const queuedFor = async () =>
      (
        await t.db.database.db
          .selectFrom('email_outbox')
          .select('document_id')
          .where('purpose', '=', 'ready-for-pickup')
          .where('state', '=', 'queued')
          .execute()
      ).map((r) => r.document_id);
    const loads = async () =>
      (await C().data('GET', '/api/orders/list/pickup_ready')).filter((o: any) => o.current_load).map((o: any) => o.id);

    const first = await Promise.all(contenders.map((id) => put([{ id, current_load: true, loading_bay: 3 }])));
    expect(first.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(first.filter((r) => r.statusCode === 409)).toHaveLength(49);
    const winner = contenders[first.findIndex((r) => r.statusCode === 200)]!;
    expect(await loads()).toEqual([winner]);
    expect((await queuedFor()).sort()).toEqual([winner]);

    const others = contenders.filter((id) => id !== winner);
    const second = await Promise.all(
      others.map((id) => put([{ id, current_load: true, loading_bay: 3, replaces: winner }])),
    );
    expect(second.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(second.filter((r) => r.statusCode === 409)).toHaveLength(48);
    const next = others[second.findIndex((r) => r.statusCode === 200)]!;
    expect(await loads()).toEqual([next]);
    // The queue holds the e-mail of the order in the bay and of no other.
    expect(await queuedFor()).toEqual([next]);
    expect((await readyMails(winner)).map((m) => m.state)).toEqual(['withdrawn']);
  });

  it('a withdrawn e-mail that was being sent is not put back in the queue by a failed attempt', async () => {
    const db = t.db.database.db;
    const o = await pickupOrder();
    await outbox.enqueue(
      db,
      {
        kind: 'order',
        documentId: o.id,
        purpose: 'ready-for-pickup',
        to: 'x@example.com',
        bcc: null,
        subject: 's',
        body: 'b',
        user: null,
      },
      new Date(t.clock()).toISOString(),
    );
    const now = new Date(t.clock() + 3600_000).toISOString();
    const claimed = await outbox.claimDue(db, now, new Date(t.clock() + 7200_000).toISOString());
    expect(claimed?.document_id).toBe(o.id);
    await outbox.withdrawReady(db, [{ orderId: o.id, why: 'Withdrawn before it was sent: test.' }]);
    await outbox.markFailed(db, Number(claimed!.id), 'connection refused', now);
    expect((await readyMails(o.id)).map((m) => m.state)).toEqual(['withdrawn']);
  });
});
