import { vi } from 'vitest';

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** Extra response headers (e.g. the service worker's X-Desk-Offline-Copy). */
  headers?: Record<string, string>;
}

type Handler = FakeAnswer | ((request: { method: string; path: string; body: string | null }) => FakeAnswer);

export const ok = (data: unknown, message = ''): FakeAnswer => ({ status: 200, body: { status: 'OK', data, message } });
/** A 201 Created answer, as the server gives for a new record. */
export const created = (data: unknown): FakeAnswer => ({ ...ok(data), status: 201 });
export const failed = (status: number, message: string): FakeAnswer => ({
  status,
  body: { status: 'FAILED', data: null, message },
});

/**
 * Replaces global fetch with a table of answers keyed "METHOD /path". Unlisted calls answer 404,
 * so a test fails loudly when the app calls something unexpected. Returns the mock to inspect calls.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const table = withSessionStatus(handlers);
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = String(input).split('?')[0] ?? '';
    const handler = table[`${method} ${path}`];
    const body = typeof init?.body === 'string' ? init.body : null;
    const answer =
      typeof handler === 'function'
        ? handler({ method, path, body })
        : (handler ?? failed(404, `No fake for ${method} ${path}`));
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/**
 * The app asks GET /api/session/status (always 200) whether it is signed in. A table that
 * describes the session as GET /api/session (the user, or 401) answers the probe the way the
 * server does: 200 with { signedIn, username, roles } or { signedIn: false }.
 */
function withSessionStatus(handlers: Record<string, Handler>): Record<string, Handler> {
  const session = handlers['GET /api/session'];
  if (session === undefined || handlers['GET /api/session/status'] !== undefined) return handlers;
  const status = (request: { method: string; path: string; body: string | null }): FakeAnswer => {
    const answer = typeof session === 'function' ? session(request) : session;
    if (answer.status === 401) return ok({ signedIn: false });
    const envelope = answer.body as { status?: string; data?: object } | undefined;
    if ((answer.status ?? 200) >= 400 || envelope?.status !== 'OK') return answer;
    return ok({ signedIn: true, ...envelope.data });
  };
  return { ...handlers, 'GET /api/session/status': status };
}
