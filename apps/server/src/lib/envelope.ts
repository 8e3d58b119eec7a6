import type { Envelope, FailedEnvelope, FieldIssue } from '@desk/domain';

/** An OK answer; typed with the literal 'OK' so a route's response schema checks it. */
export function ok<T>(data: T, message = ''): Envelope<T> & { status: 'OK' } {
  return { status: 'OK', data, message };
}

/** A failed answer; `issues` (the refused fields) only when there are any. */
export function failed(message: string, issues: readonly FieldIssue[] = []): FailedEnvelope {
  return issues.length
    ? { status: 'FAILED', data: null, message, issues: [...issues] }
    : { status: 'FAILED', data: null, message };
}
