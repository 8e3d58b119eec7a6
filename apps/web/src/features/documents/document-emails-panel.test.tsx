import { waitFor, within } from '@testing-library/react';
import type { DocumentEmail } from '@desk/domain';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fake-api';
import { OrderModal } from '../orders/order-modal';
import { deliveryWords } from './document-emails-panel';
import { aDocument } from './test/fixtures';
import { openLazySection, stubDocumentModal } from './test/open-section';

const noop = () => {};

const email = (fields: Partial<DocumentEmail>): DocumentEmail => ({
  id: 1,
  at: '2026-11-26T15:04:00.000Z',
  user: 'yardclerk',
  purpose: 'ready-for-pickup',
  to: 'dana@hendricks.example.com',
  cc: null,
  subject: 'Your order 1234 is ready for pickup',
  state: 'sent',
  attempts: 1,
  sentAt: '2026-11-26T15:04:02.000Z',
  nextAttemptAt: null,
  error: null,
  ...fields,
});

describe('deliveryWords', () => {
  it('says where each e-mail is, the reason included', () => {
    expect(deliveryWords(email({}))).toMatch(/^at \d/);
    expect(deliveryWords(email({ state: 'failed', error: 'No such mailbox here' }))).toBe('No such mailbox here');
    expect(deliveryWords(email({ state: 'queued', attempts: 0, sentAt: null }))).toBe('to be sent');
    expect(
      deliveryWords(
        email({
          state: 'queued',
          attempts: 2,
          sentAt: null,
          nextAttemptAt: '2026-11-26T15:06:00.000Z',
          error: 'connect ECONNREFUSED',
        }),
      ),
    ).toMatch(/^tried 2 times, next at .+ \(connect ECONNREFUSED\)$/);
  });
});

describe('E-mails in the order modal', () => {
  it('asks for the e-mails only when opened, and lists each with its delivery state', async () => {
    const order = aDocument({ id: 1234, kind: 'order', jobName: 'Hendricks garage', version: 2 });
    const fetchMock = stubDocumentModal(order, {
      'GET /api/orders/1234/emails': ok({
        items: [
          email({ id: 3, state: 'queued', attempts: 1, sentAt: null, nextAttemptAt: '2026-11-26T15:06:00.000Z' }),
          email({ id: 2, purpose: 'document', subject: 'Order 1234', state: 'failed', error: 'No such mailbox' }),
          email({ id: 1, purpose: 'document', subject: 'Order 1234', cc: 'site@hendricks.example.com' }),
        ],
      }),
    });
    const { dialog, asked } = await openLazySection(fetchMock, <OrderModal show documentId={1234} onClose={noop} />, {
      dialogName: /Order/,
      jobName: 'Hendricks garage',
      section: 'E-mails',
      path: '/emails',
    });
    const table = await within(dialog).findByRole('table', { name: 'E-mails' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows[0]).toContain('Ready for pickup');
    expect(rows[0]).toContain('Waiting');
    expect(rows[0]).toContain('tried once, next at');
    expect(rows[1]).toContain('Failed No such mailbox');
    expect(rows[2]).toMatch(/dana@hendricks\.example\.com.*Order 1234.*PDF.*Sent at /);
    // Send Email's copies show under the recipient.
    expect(rows[2]).toContain('dana@hendricks.example.comcc site@hendricks.example.com');
    expect(rows[1]).not.toContain('cc ');
    await waitFor(() => expect(asked()).toBe(1));
  });
});
