/**
 * docs/product.md section 7, Documents and Auto e-mail: PDFs made on the server from the stored document
 * and the pricing module (never from prices in the request), e-mailed to the customer with the
 * configured subject and body, copied (Bcc) to the forward address.
 */
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type DocumentKind,
  documentOutputSchema,
  type EmailConfig,
  emailConfigSchema,
  emailSentSchema,
  fillTemplate,
  idSchema,
  pdfFileSchema,
  storedEmailConfigSchema,
} from '@desk/domain';
import type { Database } from '../../db/database.js';
import type { EmailSettingsTable } from '../../db/schema.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { ok } from '../../lib/envelope.js';
import { answers } from '../../lib/response-schemas.js';
import { route } from '../../lib/routes.js';
import { badRequest, conflict } from '../../lib/errors.js';
import type { Mailer } from '../mail/mailer.js';
import { companyPlaceholders, type SettingsService } from '../settings/settings.service.js';
import type { PdfPool } from './pdf-pool.js';
import { printableDocument } from './printable.js';

export interface PrintingOptions {
  database: Database;
  clock: Clock;
  pdf: PdfPool;
  mailer: Mailer;
  /** The letterhead, read per document (never cached: another instance may have saved it). */
  settings: SettingsService;
  taxRate: number;
}

const contentDisposition = (fileName: string) => {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'");
  return `attachment; filename="${ascii}.pdf"; filename*=UTF-8''${encodeURIComponent(`${fileName}.pdf`)}`;
};

export const printingRoutes: FastifyPluginAsyncZod<PrintingOptions> = async (app, opts) => {
  const { db } = opts.database;
  const idParams = z.object({ id: idSchema });

  const make = async (kind: DocumentKind, id: number, noPricePrint: boolean | undefined) => {
    const company = await opts.settings.company();
    const doc = await printableDocument(db, kind, id, {
      company,
      taxRate: opts.taxRate,
      noPricePrint,
      clock: opts.clock,
    });
    return { doc, company };
  };

  for (const kind of ['order', 'quote'] as const) {
    const Kind = kind === 'order' ? 'Order' : 'Quote';
    app.post(
      `/api/download-excel${Kind}/:id`,
      route('user', ['documents'], {
        summary: `The ${kind} as a PDF (priced by the server; noPricePrint leaves every price out)`,
        params: idParams,
        body: documentOutputSchema,
        response: { 200: pdfFileSchema },
        produces: ['application/pdf'],
      }),
      async (request, reply) => {
        const { doc } = await make(kind, request.params.id, request.body.noPricePrint);
        const pdf = await opts.pdf.render(doc);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', contentDisposition(doc.fileName))
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );

    app.post(
      `/api/send-email${Kind}/:id`,
      route('user', ['documents'], {
        summary: `E-mail the ${kind} PDF to the customer, copied to the forward address`,
        params: idParams,
        body: documentOutputSchema,
        response: answers.ok(emailSentSchema),
      }),
      async (request) => {
        const { doc, company } = await make(kind, request.params.id, request.body.noPricePrint);
        const to = doc.customer.email?.trim();
        if (!to)
          throw badRequest(`Customer ${doc.customer.name} has no e-mail address; add one to the customer first.`);
        const settings = await db
          .selectFrom('email_settings')
          .selectAll()
          .where('id', '=', 1)
          .executeTakeFirstOrThrow();
        const values = {
          customerName: doc.customer.name,
          contactName: doc.customer.contactName ?? doc.customer.name,
          jobName: doc.jobName ?? '',
          documentNumber: String(doc.number),
          total: doc.noPricePrint ? '' : `$${doc.totals.total}`,
          ...companyPlaceholders(company),
        };
        const subject = fillTemplate(
          kind === 'order' ? settings.order_subject : settings.quote_subject,
          values,
        ).replace(/[\r\n]+/g, ' ');
        const text = fillTemplate(kind === 'order' ? settings.order_body : settings.quote_body, values);
        const pdf = await opts.pdf.render(doc);
        try {
          const sent = await opts.mailer.send({
            to,
            bcc: settings.email_forward,
            subject,
            text,
            attachment: { filename: `${doc.fileName}.pdf`, content: pdf },
          });
          return ok(
            { messageId: sent.messageId, to, bcc: settings.email_forward, subject },
            `${Kind} e-mailed to ${to}`,
          );
        } catch (e) {
          request.log.error({ err: e }, 'e-mail not sent');
          throw conflict(`The e-mail could not be sent: ${(e as Error).message}`);
        }
      },
    );
  }

  const toConfig = (r: Selectable<EmailSettingsTable>) => ({
    quoteSubject: r.quote_subject,
    quoteBody: r.quote_body,
    orderSubject: r.order_subject,
    orderBody: r.order_body,
    emailForward: r.email_forward,
    version: r.version,
  });

  app.get(
    '/api/grabAutoEmailConfig',
    route('admin', ['e-mail'], {
      summary: 'E-mail subjects, bodies and forward address',
      response: answers.ok(storedEmailConfigSchema),
    }),
    async () =>
      ok(toConfig(await db.selectFrom('email_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow())),
  );

  app.post(
    '/api/updateAutoEmailConfig',
    route('admin', ['e-mail'], {
      summary:
        'Save the e-mail settings; placeholders {customerName} {contactName} {jobName} {documentNumber} {total} {companyName} {companyPhone} {companyEmail} {companyAddress}',
      body: emailConfigSchema,
      response: answers.ok(storedEmailConfigSchema),
    }),
    async (request) => {
      const b: EmailConfig = request.body;
      let q = db
        .updateTable('email_settings')
        .set((eb) => ({
          quote_subject: b.quoteSubject,
          quote_body: b.quoteBody,
          order_subject: b.orderSubject,
          order_body: b.orderBody,
          email_forward: b.emailForward,
          updated_at: isoAt(opts.clock()),
          version: eb('version', '+', 1),
        }))
        .where('id', '=', 1);
      if (b.version !== undefined) q = q.where('version', '=', b.version);
      const res = await q.executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1)
        throw conflict('The e-mail settings were changed by someone else; reload them and try again.');
      return ok(
        toConfig(await db.selectFrom('email_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow()),
        'E-mail settings saved',
      );
    },
  );
};
