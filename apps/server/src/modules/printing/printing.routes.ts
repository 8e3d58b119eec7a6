/**
 * The documents' PDF and e-mail calls (docs/product.md section 7); the work is in
 * printing.service.ts. The e-mail texts are saved through the settings module's routes.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentOutputSchema, emailSentSchema, idSchema, pdfFileSchema, sendEmailInputSchema } from '@desk/domain';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/envelope.js';
import { answers } from '../../lib/response-schemas.js';
import { route } from '../../lib/routes.js';
import type { PrintingService } from './printing.service.js';

const contentDisposition = (fileName: string) => {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'");
  return `attachment; filename="${ascii}.pdf"; filename*=UTF-8''${encodeURIComponent(`${fileName}.pdf`)}`;
};

export const printingRoutes: FastifyPluginAsyncZod<{ printing: PrintingService }> = async (app, { printing }) => {
  const idParams = z.object({ id: idSchema });

  for (const kind of ['order', 'quote'] as const) {
    const Kind = kind === 'order' ? 'Order' : 'Quote';
    app.post(
      `/api/download-excel${Kind}/:id`,
      route('user', ['documents'], {
        summary:
          `The ${kind} as a PDF (priced by the server; noPricePrint leaves every price out` +
          (kind === 'order' ? '; pickTicket prints the pick ticket: no prices, the barcode)' : ')'),
        params: idParams,
        body: documentOutputSchema,
        response: { 200: pdfFileSchema },
        produces: ['application/pdf'],
      }),
      async (request, reply) => {
        const { pdf, fileName } = await printing.pdf(
          kind,
          request.params.id,
          request.body.noPricePrint,
          request.body.pickTicket === true,
        );
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', contentDisposition(fileName))
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );

    app.post(
      `/api/send-email${Kind}/:id`,
      route('user', ['documents'], {
        summary:
          `E-mail the ${kind} PDF to the customer (or to \`to\`), copied to \`cc\` and, blind, to the ` +
          'forward address; `note` goes above the body',
        params: idParams,
        body: sendEmailInputSchema,
        response: answers.ok(emailSentSchema),
      }),
      async (request) => {
        const sent = await printing.email(kind, request.params.id, request.body, request.log, requireUser(request));
        return ok(sent, `${Kind} e-mailed to ${sent.to}${sent.cc ? `, copied to ${sent.cc}` : ''}`);
      },
    );
  }
};
