/**
 * One error path: code throws HttpError; the error handler (plugins/errors.ts) turns it and
 * every other failure into the FAILED envelope with a true HTTP code.
 */
import type { FieldIssue } from '@desk/domain';

export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly code: string = 'ERROR',
    public readonly headers: Record<string, string> = {},
    /** The refused fields, each on its own (the envelope's `issues`); none for other failures. */
    public readonly issues: readonly FieldIssue[] = [],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message, 'BAD_REQUEST');
/** A 400 refusing bad fields: `message` says them all, `issues` each one. */
export const invalidFields = (message: string, issues: readonly FieldIssue[]) =>
  new HttpError(400, message, 'BAD_REQUEST', {}, issues);
/** A 400 refusing one field: "password: must be at least 12 characters." and its issue. */
export const invalidField = (field: string, problem: string) =>
  invalidFields(`${field}: ${problem}`, [{ field, message: problem }]);
export const unauthorized = (message = 'Sign in to continue.') => new HttpError(401, message, 'UNAUTHORIZED');
export const forbidden = (message = 'This needs an administrator.') => new HttpError(403, message, 'FORBIDDEN');
export const notFound = (message: string) => new HttpError(404, message, 'NOT_FOUND');
export const conflict = (message: string) => new HttpError(409, message, 'CONFLICT');
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, 'TOO_MANY_REQUESTS', { 'retry-after': String(retryAfterSeconds) });

/** The row looked up, or a 404 with the message when there is none. */
export function found<T>(row: T | null | undefined, message: string): T {
  if (row === null || row === undefined) throw notFound(message);
  return row;
}
