import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../test/fake-api';
import { renderWithQuery } from '../../test/render-with-query';
import { DocumentModal } from './document-modal';
import { aDocument, packageLine, STATUSES } from './test/fixtures';

const noop = () => {};

const common = {
  'GET /api/config': ok({ companyName: 'Garage Door Supply', taxRate: 0.0975 }),
  'GET /api/customers/': ok([]),
  'GET /api/dropdown/order-status': ok(STATUSES),
};

describe('Send Email', () => {
  it('shows the status the server now has (Sent) on a Draft quote, without reopening it (issue 36, defect 8)', async () => {
    let sent = false;
    const { orderStatus: _none, ...header } = aDocument({
      id: 6,
      kind: 'quote',
      status: 'Draft',
      quoteDate: '2026-11-20',
    });
    const quote = header;
    stubApi({
      ...common,
      'GET /api/quotes/6': () => ok({ ...quote, status: sent ? 'Sent' : 'Draft' }),
      'GET /api/quote-parts/6': ok([packageLine()]),
      'GET /api/quotes/6/emails': ok({ items: [] }),
      'POST /api/send-emailQuote/6': () => {
        sent = true;
        return ok(
          {
            messageId: '<1@desk>',
            to: 'jerome.cote@example.com',
            bcc: null,
            cc: null,
            subject: 'Quote 6',
            status: 'Sent',
          },
          'Quote e-mailed to jerome.cote@example.com',
        );
      },
    });
    const user = userEvent.setup();
    renderWithQuery(<DocumentModal kind="quote" show documentId={6} onClose={noop} />);

    const dialog = await screen.findByRole('dialog', { name: /Edit Quote/ });
    const title = within(dialog).getByRole('heading', { level: 2 });
    await waitFor(() => expect(within(title).getByText('Draft')).toBeTruthy());
    await sendEmail(user);

    expect(await screen.findByText('Email sent')).toBeTruthy();
    await waitFor(() => expect(within(title).getByText('Sent')).toBeTruthy());
    expect(within(title).queryByText('Draft')).toBeNull();
  });
});

/** Send Email and, once the dialog exists, its Send button. */
async function sendEmail(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Send Email' }));
}
