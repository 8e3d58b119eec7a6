import type { Envelope } from '@desk/domain';

/** An OK answer; typed with the literal 'OK' so a route's response schema checks it. */
export function ok<T>(data: T, message = ''): Envelope<T> & { status: 'OK' } {
  return { status: 'OK', data, message };
}

export function failed(message: string): Envelope<null> {
  return { status: 'FAILED', data: null, message };
}
