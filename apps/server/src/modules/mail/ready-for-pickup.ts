/**
 * The ready-for-pickup e-mail (docs/architecture.md section 10): when an order becomes a bay's
 * current load, its customer is told, from the administrators' template, unless the e-mail is
 * switched off in the e-mail settings, the customer opted out, or has no e-mail address. Queued in
 * the transaction of the assignment (an e-mail for every assignment that commits, none for one
 * that rolls back); the mail queue sends it afterwards.
 */
import { documentNumberText, fillTemplate, type READY_EMAIL_PLACEHOLDERS } from '@desk/domain';
import type { Db } from '../../lib/sql.js';
import { companyPlaceholders, type SettingsService } from '../settings/settings.service.js';
import { enqueue } from './outbox.repository.js';

/** Queues the e-mail for each order just placed in its bay; answers how many were queued. */
export async function queueReadyForPickup(
  db: Db,
  settings: SettingsService,
  placed: ReadonlyArray<{ orderId: number; bay: number }>,
  user: string | null,
  now: string,
): Promise<number> {
  if (placed.length === 0) return 0;
  const config = await settings.emailConfig(db);
  if (!config.readyForPickupEmail) return 0;
  const company = companyPlaceholders(await settings.company(db));
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select(['o.id', 'o.job_name', 'c.name', 'c.contact_name', 'c.email', 'c.ready_email'])
    .where(
      'o.id',
      'in',
      placed.map((p) => p.orderId),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  let queued = 0;
  for (const { orderId, bay } of placed) {
    const r = byId.get(orderId);
    const to = r?.email?.trim();
    if (!r || !to || r.ready_email !== 1) continue;
    const values: Record<keyof typeof READY_EMAIL_PLACEHOLDERS, string> = {
      customerName: r.name,
      contactName: r.contact_name?.trim() || r.name,
      jobName: r.job_name ?? '',
      documentNumber: documentNumberText({ number: orderId }),
      bay: String(bay),
      ...company,
    };
    await enqueue(
      db,
      {
        kind: 'order',
        documentId: orderId,
        purpose: 'ready-for-pickup',
        to,
        bcc: config.emailForward,
        subject: fillTemplate(config.readySubject, values).replace(/[\r\n]+/g, ' '),
        body: fillTemplate(config.readyBody, values),
        user,
      },
      now,
    );
    queued++;
  }
  return queued;
}
