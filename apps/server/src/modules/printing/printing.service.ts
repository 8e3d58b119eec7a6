/**
 * docs/product.md section 7, Documents and Auto e-mail: a document's PDF, made on the server from
 * the stored document and the pricing module (never from prices in the request), and the e-mail
 * that sends it to the customer with the configured subject and body, copied (Bcc) to the
 * forward address.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  type DocumentKind,
  type EMAIL_PLACEHOLDERS,
  type EmailSent,
  type QuoteStatus,
  type SendEmailInput,
  documentNumberText,
  fillTemplate,
} from '@desk/domain';
import type { DB } from '../../db/schema.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { insertChangeRows, type Actor, type Change } from '../history/history.repository.js';
import { setQuoteStatus } from '../documents/documents.revisions.repository.js';
import { badRequest, conflict } from '../../lib/errors.js';
import type { Mailer } from '../mail/mailer.js';
import { logSent, type NewOutboxMail } from '../mail/outbox.repository.js';
import { companyPlaceholders, type SettingsService } from '../settings/settings.service.js';
import type { PdfPool } from './pdf-pool.js';
import { printableDocument } from './printable.js';

export class PrintingService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly pdfPool: PdfPool,
    private readonly mailer: Mailer,
    /** The letterhead and e-mail texts, read per document (another instance may have saved them). */
    private readonly settings: SettingsService,
    private readonly taxRate: number,
  ) {}

  private async printable(kind: DocumentKind, id: number, noPricePrint: boolean | undefined, pickTicket = false) {
    const company = await this.settings.company();
    const doc = await printableDocument(this.db, kind, id, {
      company,
      taxRate: this.taxRate,
      noPricePrint,
      pickTicket,
      clock: this.clock,
    });
    return { doc, company };
  }

  /**
   * The document as a PDF and its file name (without '.pdf'). pickTicket: the order's pick ticket
   * (no prices, the barcode), leaving its stored "Print without prices" as it is.
   */
  async pdf(kind: DocumentKind, id: number, noPricePrint: boolean | undefined, pickTicket = false) {
    if (pickTicket && kind === 'quote') throw badRequest('A quote has no pick ticket; print the order made from it.');
    const { doc } = await this.printable(kind, id, noPricePrint, pickTicket);
    return { pdf: await this.pdfPool.render(doc), fileName: doc.fileName };
  }

  /**
   * E-mails the document's PDF to the recipient Send Email's dialog names (the customer's address
   * without one), copied to its Cc and, blind, to the forward address; the dialog's note goes above
   * the template's body. A refused send is a 409 that says why.
   */
  async email(
    kind: DocumentKind,
    id: number,
    input: Pick<SendEmailInput, 'noPricePrint' | 'to' | 'cc' | 'note'>,
    log: FastifyBaseLogger,
    actor?: Actor,
  ): Promise<EmailSent> {
    const { doc, company } = await this.printable(kind, id, input.noPricePrint);
    const to = input.to ?? doc.customer.email?.trim();
    if (!to) throw badRequest(`Customer ${doc.customer.name} has no e-mail address; add one to the customer first.`);
    const cc = input.cc.length ? input.cc.join(', ') : null;
    const settings = await this.settings.emailConfig();
    // Exactly the placeholders the template check allows (EMAIL_PLACEHOLDERS): one list for both.
    const values: Record<keyof typeof EMAIL_PLACEHOLDERS, string> = {
      customerName: doc.customer.name,
      contactName: doc.customer.contactName ?? doc.customer.name,
      jobName: doc.jobName ?? '',
      documentNumber: documentNumberText(doc),
      total: doc.noPricePrint ? '' : `$${doc.totals.total}`,
      ...companyPlaceholders(company),
    };
    const subject = fillTemplate(kind === 'order' ? settings.orderSubject : settings.quoteSubject, values).replace(
      /[\r\n]+/g,
      ' ',
    );
    const body = fillTemplate(kind === 'order' ? settings.orderBody : settings.quoteBody, values);
    const text = input.note ? `${input.note}\n\n${body}` : body;
    const pdf = await this.pdfPool.render(doc);
    // The document's e-mail log keeps every attempt, the refused ones with the reason.
    const logged: NewOutboxMail = {
      kind,
      documentId: id,
      purpose: 'document',
      to,
      cc,
      bcc: settings.emailForward,
      subject,
      body: text,
      user: actor?.username ?? null,
    };
    let sent: Awaited<ReturnType<Mailer['send']>>;
    try {
      sent = await this.mailer.send({
        to,
        cc,
        bcc: settings.emailForward,
        subject,
        text,
        attachment: { filename: `${doc.fileName}.pdf`, content: pdf },
      });
    } catch (e) {
      log.error({ err: e }, 'e-mail not sent');
      const why = (e as Error).message;
      await logSent(this.db, logged, isoAt(this.clock()), { error: why.slice(0, 500) });
      throw conflict(`The e-mail could not be sent: ${why}`);
    }
    // Recorded once the mail server has accepted it: the sending is the change. A Draft quote is
    // now Sent (the status, its record and the log line in one transaction).
    const status = await this.db.transaction().execute(async (trx) => {
      const now = isoAt(this.clock());
      await logSent(trx, logged, now, { messageId: sent.messageId });
      const changes: Change[] = [{ action: 'emailed', field: subject, to: cc ? `${to} (cc ${cc})` : to }];
      if (kind === 'quote') {
        if (await setQuoteStatus(trx, id, 'Sent', now, 'Draft'))
          changes.push({ action: 'changed', field: 'status', from: 'Draft', to: 'Sent' });
      }
      if (actor) await insertChangeRows(trx, actor, now, kind, id, changes);
      if (kind === 'order') return null;
      // The status the quote now has, for the modal's badge (a Draft is Sent; any other stays).
      const row = await trx.selectFrom('quotes').select('quote_status').where('id', '=', id).executeTakeFirst();
      return (row?.quote_status ?? null) as QuoteStatus | null;
    });
    return { messageId: sent.messageId, to, cc, bcc: settings.emailForward, subject, status };
  }
}
