import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failed, ok, stubApi } from '../../test/fake-api';
import { renderWithQuery } from '../../test/render-with-query';
import { DocumentModal } from './document-modal';
import { aDocument, bodyOf, packageLine, STATUSES } from './test/fixtures';

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
    await waitFor(() => expect(within(title).getByText('Draft')).toBeInTheDocument());
    await sendEmail(user);

    expect(await screen.findByText('Email sent')).toBeInTheDocument();
    await waitFor(() => expect(within(title).getByText('Sent')).toBeInTheDocument());
    expect(within(title).queryByText('Draft')).toBeNull();
  });

  it('asks for the recipient (prefilled), copies and a note; checks them; a refusal stays in the dialog', async () => {
    let answers = 0;
    const fetchMock = stubApi({
      ...common,
      'GET /api/orders/13': ok(aDocument()),
      'GET /api/order-parts/13': ok([]),
      'GET /api/orders/13/emails': ok({ items: [] }),
      'POST /api/send-emailOrder/13': () =>
        ++answers === 1
          ? failed(409, 'The e-mail could not be sent: 550 No such mailbox')
          : ok(
              {
                messageId: '<2@desk>',
                to: 'site@beaulieu.example.com',
                cc: 'jerome.cote@example.com',
                bcc: null,
                subject: 'Order 13',
                status: null,
              },
              'Order e-mailed to site@beaulieu.example.com, copied to jerome.cote@example.com',
            ),
    });
    const user = userEvent.setup();
    renderWithQuery(<DocumentModal kind="order" show documentId={13} onClose={noop} />);

    await user.click(await screen.findByRole('button', { name: 'Send Email' }));
    const ask = await screen.findByRole('dialog', { name: 'Send Order 13 by e-mail' });
    const to = within(ask).getByLabelText<HTMLInputElement>('To');
    expect(to.value).toBe('jerome.cote@example.com');
    await waitFor(() => expect(document.activeElement).toBe(to));

    // Bad input is refused under its field, with the cursor put there; nothing is sent.
    await user.clear(to);
    await user.type(to, 'site@beaulieu');
    await user.type(within(ask).getByLabelText('Cc'), 'jerome.cote@example.com, yard');
    await user.click(within(ask).getByRole('button', { name: 'Send' }));
    expect(within(ask).getByText('To must be one e-mail address, such as name@example.com')).toBeInTheDocument();
    expect(
      within(ask).getByText("Cc must be e-mail addresses separated by commas; 'yard' is not one"),
    ).toBeInTheDocument();
    expect(document.activeElement).toBe(to);
    expect(bodyOf(fetchMock, 'POST', '/api/send-emailOrder/13')).toBeUndefined();

    await user.type(to, '.example.com');
    const cc = within(ask).getByLabelText<HTMLInputElement>('Cc');
    await user.clear(cc);
    await user.type(cc, 'jerome.cote@example.com');
    await user.type(within(ask).getByLabelText('Note'), 'Gate code 4411');
    expect(within(ask).getByText(/14 \/ 2,000 characters/)).toBeInTheDocument();

    // The mail server refuses: the reason shows in the dialog, which keeps what was typed.
    await user.click(within(ask).getByRole('button', { name: 'Send' }));
    expect(await within(ask).findByText('The e-mail could not be sent: 550 No such mailbox')).toBeInTheDocument();
    expect(to.value).toBe('site@beaulieu.example.com');

    await user.click(within(ask).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email sent')).toBeInTheDocument();
    expect(
      screen.getByText('Order e-mailed to site@beaulieu.example.com, copied to jerome.cote@example.com'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send Order 13 by e-mail' })).toBeNull());
    expect(bodyOf(fetchMock, 'POST', '/api/send-emailOrder/13')).toMatchObject({
      to: 'site@beaulieu.example.com',
      cc: 'jerome.cote@example.com',
      note: 'Gate code 4411',
      noPricePrint: false,
    });
  });
});

describe('Print Pick Ticket', () => {
  it("prints the order's pick ticket without touching its saved 'Print without prices' (issue 36)", async () => {
    const printed = vi.fn();
    const open = vi.fn(() => ({
      closed: false,
      addEventListener: vi.fn(),
      focus: vi.fn(),
      print: printed,
      close: vi.fn(),
    }));
    vi.stubGlobal('open', open);
    URL.createObjectURL = vi.fn(() => 'blob:ticket');
    URL.revokeObjectURL = vi.fn();
    const fetchMock = stubApi({
      ...common,
      'GET /api/orders/13': ok(aDocument({ noPricePrint: false })),
      'GET /api/order-parts/13': ok([]),
      'GET /api/orders/13/emails': ok({ items: [] }),
      'POST /api/download-excelOrder/13': {
        status: 200,
        body: '%PDF-1.7',
        headers: { 'Content-Type': 'application/pdf' },
      },
    });
    const user = userEvent.setup();
    renderWithQuery(<DocumentModal kind="order" show documentId={13} onClose={noop} />);

    const button = await screen.findByRole('button', { name: 'Print Pick Ticket' });
    expect(button.getAttribute('title')).toBe('The order without prices, with its barcode for the yard');
    await user.click(button);
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:ticket', '_blank'));
    expect(bodyOf(fetchMock, 'POST', '/api/download-excelOrder/13')).toEqual({
      orderId: 13,
      noPricePrint: true,
      pickTicket: true,
    });
    // Nothing was saved: the switch is as it was, and no update went out.
    expect((screen.getByRole('switch', { name: 'Print without prices' }) as HTMLInputElement).checked).toBe(false);
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/orders/update'))).toBe(false);
  });

  it('is not offered on a quote', async () => {
    const { orderStatus: _none, ...quote } = aDocument({ id: 6, kind: 'quote', status: 'Draft' });
    stubApi({
      ...common,
      'GET /api/quotes/6': ok(quote),
      'GET /api/quote-parts/6': ok([]),
      'GET /api/quotes/6/emails': ok({ items: [] }),
    });
    renderWithQuery(<DocumentModal kind="quote" show documentId={6} onClose={noop} />);
    expect(await screen.findByRole('button', { name: 'Print Quote' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print Pick Ticket' })).toBeNull();
  });
});

/** Send Email, then Send in its dialog as prefilled. */
async function sendEmail(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Send Email' }));
  const ask = await screen.findByRole('dialog', { name: /by e-mail/ });
  await user.click(within(ask).getByRole('button', { name: 'Send' }));
}
