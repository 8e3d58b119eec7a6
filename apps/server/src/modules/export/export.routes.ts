/**
 * GET /api/export/{list}.csv and .xlsx (docs/architecture.md section 14): any list, whole, with the
 * filters and sort of its screen, as a file streamed while it is read.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.js';
import { listQuerySchema } from '../../lib/paging.js';
import { route } from '../../lib/routes.js';
import {
  CONTENT_TYPES,
  EXPORT_FORMATS,
  EXPORT_LISTS,
  parseExportRequest,
  type ExportFormat,
  type ExportList,
  type ExportService,
} from './export.service.js';

/** The file as OpenAPI shows it: bytes, not the JSON envelope. */
const fileSchema = z.any().meta({
  type: 'string',
  format: 'binary',
  description:
    'text/csv (UTF-8 with BOM, CRLF) or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, as an attachment',
});

const FILE = /^([a-z-]+)\.([a-z]+)$/;

export const exportRoutes: FastifyPluginAsyncZod<{ exports: ExportService }> = async (app, { exports }) => {
  app.get(
    '/api/export/:file',
    route('user', ['export'], {
      summary:
        "A whole list as CSV or XLSX: customers, products, orders, quotes or vendor-orders .csv/.xlsx, with the list route's filters and sort (orders: closed=1 for the closed list)",
      params: z.object({ file: z.string().max(40) }),
      querystring: listQuerySchema,
      response: { 200: fileSchema },
      produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    }),
    async (request, reply) => {
      const match = FILE.exec(request.params.file);
      const list = match?.[1] as ExportList | undefined;
      const format = match?.[2] as ExportFormat | undefined;
      if (!list || !format || !EXPORT_LISTS.includes(list) || !EXPORT_FORMATS.includes(format))
        throw notFound(
          `There is no export ${request.params.file}: use one of ${EXPORT_LISTS.join(', ')}, as .csv or .xlsx.`,
        );
      // A bad filter or sort is refused here, before a byte of the file is sent.
      const asked = parseExportRequest(list, request.query);
      reply
        .type(CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${exports.filename(asked, format)}"`)
        .header('x-content-type-options', 'nosniff');
      // HEAD: the headers an export would have, and no export.
      if (request.method === 'HEAD') return reply.send();
      return reply.send(await exports.open(asked, format));
    },
  );
};
