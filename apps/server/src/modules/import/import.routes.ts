/**
 * POST /api/import/{kind} and GET /api/import/jobs/{jobId} (administrators; docs/architecture.md
 * section 15). The upload is multipart/form-data: `file`, and optional `mapping` (JSON), `mode`
 * (all | valid) and `dryRun` (true: the preview). Multipart is registered for these routes only.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_KINDS,
  IMPORT_MODES,
  importJobSchema,
  importMappingSchema,
  importPreviewSchema,
  importStartedSchema,
  okEnvelopeSchema,
  positiveId,
  type ImportKind,
} from '@desk/domain';
import { ok } from '../../lib/envelope.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { idempotencyKey } from '../../lib/idempotency.js';
import { answers } from '../../lib/response-schemas.js';
import { route } from '../../lib/routes.js';
import { plural } from '../../lib/sql.js';
import { requireUser } from '../../plugins/auth.js';
import type { ImportRequest, ImportService } from './import.service.js';

/** The largest file taken: 20 MB holds well over 100,000 product rows. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

const tooLarge = () =>
  new HttpError(
    413,
    `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; split it and import the parts.`,
    'PAYLOAD_TOO_LARGE',
  );

/** The form's fields as the service takes them, with clerk-readable refusals. */
async function readForm(request: FastifyRequest, kind: ImportKind): Promise<ImportRequest & { dryRun: boolean }> {
  if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data, in a field named file.');
  let file: Buffer | null = null;
  let fileName: string | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file')
          throw badRequest(`Unexpected file field '${part.fieldname}': send the file as 'file'.`);
        file = await part.toBuffer();
        fileName = part.filename || null;
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const code = (e as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT_REACHED') throw badRequest('Send one file at a time.');
    if (code === 'FST_PARTS_LIMIT_REACHED' || code === 'FST_FIELDS_LIMIT_REACHED')
      throw badRequest('The form has too many fields: send file, mapping, mode and dryRun.');
    throw badRequest('The upload could not be read; choose the file and try again.');
  }
  if (!file) throw badRequest('Choose a file: the form has no field named file.');
  let mapping: ImportRequest['mapping'];
  if (fields.mapping !== undefined && fields.mapping.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fields.mapping);
    } catch {
      throw badRequest('mapping must be JSON: {"ourField": "Their column", ...}.');
    }
    const m = importMappingSchema.safeParse(parsed);
    if (!m.success) throw badRequest('mapping must be an object of our field names to column headers (text).');
    mapping = m.data;
  }
  const mode = fields.mode?.trim() || 'all';
  if (!(IMPORT_MODES as readonly string[]).includes(mode)) throw badRequest("mode must be 'all' or 'valid'.");
  const dry = (fields.dryRun ?? 'false').trim().toLowerCase();
  if (!['true', 'false', '1', '0', ''].includes(dry)) throw badRequest('dryRun must be true or false.');
  return { kind, file, fileName, mapping, mode: mode as ImportRequest['mode'], dryRun: dry === 'true' || dry === '1' };
}

export const importRoutes: FastifyPluginAsyncZod<{ imports: ImportService }> = async (app, { imports }) => {
  // Scoped to these routes (this plugin's context): nowhere else takes multipart.
  await app.register(multipart, {
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 8, parts: 9, fieldSize: 200_000 },
  });
  const tags = ['import'];

  app.post(
    '/api/import/:kind',
    route('admin', tags, {
      summary:
        'Import products, customers or vendor orders from a CSV or XLSX file (multipart: file, mapping, mode, dryRun). dryRun answers the preview (200); otherwise a job starts (202 with its id). Idempotency-Key: a retry answers the same job',
      params: z.object({
        kind: z.enum(IMPORT_KINDS, { error: 'must be products, customers or vendor-orders' }),
      }),
      response: { 200: okEnvelopeSchema(importPreviewSchema), 202: okEnvelopeSchema(importStartedSchema) },
    }),
    async (request, reply) => {
      const actor = requireUser(request);
      idempotencyKey(request); // a malformed key is refused before the upload is read
      const form = await readForm(request, request.params.kind);
      // The key answers only the same upload: the same file, mapping and mode.
      const key = idempotencyKey(request, { kind: form.kind, file: form.file, mapping: form.mapping, mode: form.mode });
      if (form.dryRun) {
        const preview = await imports.preview(form);
        const what = preview.problemCount
          ? `${plural(preview.problemCount, 'problem')} in ${plural(preview.badRows, 'row')}`
          : 'no problems';
        return reply.code(200).send(ok(preview, `${plural(preview.rows, 'row')} read, ${what}`));
      }
      const { jobId, started } = await imports.start(form, actor, key);
      return reply.code(202).send(ok({ jobId }, started ? 'Import started' : 'Import already started'));
    },
  );

  app.get(
    '/api/import/jobs/:jobId',
    route('admin', tags, {
      summary: 'An import job: its state (running, done, failed), progress, counts and problems',
      params: z.object({ jobId: positiveId('must be an import job id') }),
      response: answers.ok(importJobSchema),
    }),
    async (request) => ok(await imports.job(request.params.jobId)),
  );
};
