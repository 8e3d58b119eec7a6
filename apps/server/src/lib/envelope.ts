import type { Envelope } from '@desk/domain';

export function ok<T>(data: T, message = ''): Envelope<T> {
  return { status: 'OK', data, message };
}

export function failed(message: string): Envelope<null> {
  return { status: 'FAILED', data: null, message };
}
