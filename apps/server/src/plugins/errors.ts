/**
 * The one error handler: every failure becomes { status: 'FAILED', data: null, message } with a
 * true HTTP code. Bad input is a 4xx whose message names the problem, and a refusal of bad
 * fields lists them in `issues` too ({ field, message }); 5xx hide internals.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isUniqueViolation } from '../lib/db-errors.js';
import { HttpError } from '../lib/errors.js';
import { schemaIssues, schemaMessage } from '../lib/field-words.js';
import { failed } from '../lib/envelope.js';

interface DbError {
  code?: string;
  constraint?: string;
  message?: string;
}

function dbErrorToHttp(err: DbError): { status: number; message: string } | null {
  const code = err.code ?? '';
  const text = err.message ?? '';
  if (isUniqueViolation(err)) {
    return { status: 409, message: 'This conflicts with an existing record (a value that must be unique is taken).' };
  }
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
    return { status: 409, message: 'This record is in use by, or refers to, another record.' };
  }
  if (
    code === '23514' ||
    code === 'SQLITE_CONSTRAINT_CHECK' ||
    code === '23502' ||
    code === 'SQLITE_CONSTRAINT_NOTNULL'
  ) {
    return { status: 400, message: 'A value is outside what is allowed.' };
  }
  if (code === '22003' || code === '22P02' || code === '22001' || code === '22021' || code === '22P05') {
    return { status: 400, message: 'A value is out of range or malformed.' };
  }
  if (code === 'SQLITE_BUSY' || code === '40001' || code === '40P01' || /database is locked/.test(text)) {
    return { status: 503, message: 'The database is busy; please try again.' };
  }
  return null;
}

/**
 * Every problem in plain words ("Price override must have at most 2 decimals."), never a schema
 * path, and each refused field on its own.
 */
function validationFailure(error: FastifyError): ReturnType<typeof failed> {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext ?? 'body';
    return failed(schemaMessage(context, error.validation), schemaIssues(error.validation));
  }
  return failed(`The request is not valid: ${error.message}`);
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(error.statusCode).headers(error.headers).send(failed(error.message, error.issues));
    }
    if (error.validation) {
      return reply.code(400).send(validationFailure(error));
    }
    const db = dbErrorToHttp(error as DbError);
    if (db) {
      if (db.status >= 500) request.log.warn({ err: error }, 'database busy');
      return reply.code(db.status).send(failed(db.message));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type...
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'The request body is too large.'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type: send application/json.'
            : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'The request body is empty; send a JSON body.'
              : /JSON/i.test(error.message)
                ? 'The request body is not valid JSON.'
                : error.message;
      return reply.code(status).send(failed(message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(failed('Something went wrong on the server. The error has been logged.'));
  });
});
