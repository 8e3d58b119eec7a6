import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiUrl, onUnauthorized, REQUEST_TIMEOUT_MS, TIMEOUT_MESSAGE } from './api-client';

function answer(status: number, body?: unknown) {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
}

async function errorOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('returns data when the status is OK', async () => {
    vi.stubGlobal('fetch', answer(200, { status: 'OK', data: { id: 7, name: 'Acme' }, message: '' }));
    await expect(api.get('/api/customers/7')).resolves.toEqual({ id: 7, name: 'Acme' });
  });

  it('throws the server message when the status is FAILED', async () => {
    vi.stubGlobal('fetch', answer(200, { status: 'FAILED', data: null, message: 'Customer is in use' }));
    const error = await errorOf(api.delete('/api/customers/7'));
    expect(error.message).toBe('Customer is in use');
  });

  it('throws the server message of a non-ok answer that has one', async () => {
    vi.stubGlobal('fetch', answer(409, { status: 'FAILED', data: null, message: 'Stale version' }));
    const error = await errorOf(api.put('/api/orders/update/1', { id: 1 }));
    expect(error.message).toBe('Stale version');
    expect(error.httpStatus).toBe(409);
  });

  it("keeps a failed answer's data (the login's mfaRequired) on the error", async () => {
    vi.stubGlobal(
      'fetch',
      answer(401, { status: 'FAILED', data: { mfaRequired: true }, message: 'Enter the 6-digit code.' }),
    );
    const error = await errorOf(api.postForm('/api/login', { username: 'ann', password: 'x' }));
    expect(error.data).toEqual({ mfaRequired: true });
    expect(error.message).toBe('Enter the 6-digit code.');
    vi.stubGlobal('fetch', answer(409, { status: 'FAILED', data: null, message: 'Stale version' }));
    expect((await errorOf(api.get('/api/orders/1'))).data).toBeNull();
  });

  it("keeps a refusal's issues (its refused fields) on the error, and only well-formed ones", async () => {
    const issues = [{ field: 'phone', message: 'Phone must be at most 40 characters.' }];
    vi.stubGlobal(
      'fetch',
      answer(400, { status: 'FAILED', data: null, message: 'Phone must be at most 40 characters.', issues }),
    );
    const error = await errorOf(api.put('/api/settings/company', {}));
    expect(error.issues).toEqual(issues);
    expect(error.message).toBe('Phone must be at most 40 characters.');
    vi.stubGlobal(
      'fetch',
      answer(400, { status: 'FAILED', data: null, message: 'No.', issues: [...issues, { field: 1 }, 'x', null] }),
    );
    expect((await errorOf(api.put('/api/settings/company', {}))).issues).toEqual(issues);
    vi.stubGlobal('fetch', answer(409, { status: 'FAILED', data: null, message: 'Stale version' }));
    expect((await errorOf(api.get('/api/orders/1'))).issues).toEqual([]);
  });

  it("throws 'Something went wrong' for a non-ok answer without a body", async () => {
    vi.stubGlobal('fetch', answer(500));
    const error = await errorOf(api.get('/api/orders/list'));
    expect(error.message).toBe('Something went wrong');
    expect(error.httpStatus).toBe(500);
  });

  it("throws 'Network response was not ok.' when the request cannot be sent", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await errorOf(api.get('/api/orders/list'));
    expect(error.message).toBe('Network response was not ok.');
    expect(error.httpStatus).toBe(0);
  });

  it("throws 'test error' when the status is neither OK nor FAILED", async () => {
    vi.stubGlobal('fetch', answer(200, { status: 'MAYBE', data: 1, message: '' }));
    const error = await errorOf(api.get('/api/orders/list'));
    expect(error.message).toBe('test error');
  });

  it('sends JSON with credentials to paths under /api', async () => {
    const fetchMock = answer(200, { status: 'OK', data: null, message: '' });
    vi.stubGlobal('fetch', fetchMock);
    await api.post('orders/create', { jobName: 'Smith' });
    expect(fetchMock).toHaveBeenCalledWith('/api/orders/create', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"jobName":"Smith"}',
      signal: expect.any(AbortSignal),
    });
  });

  it('form-encodes postForm bodies', async () => {
    const fetchMock = answer(200, { status: 'OK', data: { username: 'ann', roles: [] }, message: '' });
    vi.stubGlobal('fetch', fetchMock);
    await api.postForm('/api/login', { username: 'ann', password: 'p&ss word' });
    const init = (fetchMock.mock.calls[0] as unknown[])[1] as RequestInit;
    expect(init.body).toBe('username=ann&password=p%26ss+word');
    expect((init.headers as Record<string, string>)['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
  });

  it('reports a lost session (401) except on login and the session probe', async () => {
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    vi.stubGlobal('fetch', answer(401, { status: 'FAILED', data: null, message: 'Not signed in.' }));

    await errorOf(api.get('/api/session'));
    await errorOf(api.postForm('/api/login', { username: 'a', password: 'b' }));
    expect(listener).not.toHaveBeenCalled();

    await errorOf(api.get('/api/users/roles'));
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  /** A fetch that never answers until its signal aborts it, as on a dead connection. */
  const hangingFetch = () =>
    vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
        }),
    );

  it('gives up on a request the server does not answer, with a message that says so', async () => {
    vi.useFakeTimers();
    try {
      const fetchMock = hangingFetch();
      vi.stubGlobal('fetch', fetchMock);
      const pending = errorOf(api.put('/api/customers/update/7', { name: 'Acme' }));
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      let settled = false;
      void pending.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = await pending;
      expect(error.message).toBe(TIMEOUT_MESSAGE);
      expect(error.httpStatus).toBe(0);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("passes the caller's own cancellation through as an AbortError, not as a failure", async () => {
    vi.stubGlobal('fetch', hangingFetch());
    const controller = new AbortController();
    const pending = api.get('/api/orders/list', { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('keeps explicit /api paths and prefixes the others', () => {
    expect(apiUrl('/api/users/roles')).toBe('/api/users/roles');
    expect(apiUrl('customers/list')).toBe('/api/customers/list');
    expect(apiUrl('/customers/list')).toBe('/api/customers/list');
  });
});
