/**
 * The one way the browser talks to the server. Every answer is the envelope
 * { status, data, message }; callers get `data` or an ApiError (docs/product.md sections 7 and 8).
 */
import type { FieldIssue } from '@desk/domain';
import type { ServerQuery } from '../components/ui/data-table';
import { noteAnswer } from './offline-copies';

export const GENERIC_ERROR_MESSAGE = 'Something went wrong';
export const NETWORK_ERROR_MESSAGE = 'Network response was not ok.';
/** The message docs/product.md section 8 gives for a status that is neither 'OK' nor 'FAILED'. */
export const UNKNOWN_STATUS_MESSAGE = 'test error';
/** A request the server has not answered within REQUEST_TIMEOUT_MS (a dead connection, a hung proxy). */
export const TIMEOUT_MESSAGE = 'The server did not answer. Check the connection and try again.';

/**
 * How long a call may take, answer body included. Without a limit a request on a dead connection
 * spins for minutes; a clerk should see the failure within seconds and decide whether to retry.
 */
export const REQUEST_TIMEOUT_MS = 15_000;
/** PDFs are made on the server while the clerk waits: give them the server's own limit. */
export const FILE_REQUEST_TIMEOUT_MS = 30_000;

export class ApiError extends Error {
  /** The HTTP status of the answer; 0 when no answer arrived (network failure). */
  readonly httpStatus: number;
  /** The failed answer's `data`, when it carried any (e.g. { mfaRequired: true } from the login). */
  readonly data: unknown;
  /** The refused fields of a 400, each with what is wrong with it (the envelope's `issues`). */
  readonly issues: readonly FieldIssue[];

  constructor(message: string, httpStatus: number, data: unknown = null, issues: readonly FieldIssue[] = []) {
    super(message);
    this.name = 'ApiError';
    this.httpStatus = httpStatus;
    this.data = data;
    this.issues = issues;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Paths whose 401 is an expected answer ("not signed in"), not a lost session. */
const SESSION_PROBE_PATHS = new Set(['/api/login', '/api/session', '/api/session/status']);

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Called when the server answers 401 to anything but login or the session probe, i.e. the
 * session has ended. Returns a function that removes the listener.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Overrides REQUEST_TIMEOUT_MS for this call. */
  timeoutMs?: number;
  /** Extra request headers, e.g. Idempotency-Key on creates. */
  headers?: Record<string, string>;
}

/** An OK answer with its message, for the banners that show the server's words. */
export interface ApiResult<T> {
  data: T;
  message: string;
}

/** Paths are relative to /api unless they already start with it (docs/product.md section 7). */
export function apiUrl(path: string): string {
  if (path === '/api' || path.startsWith('/api/')) return path;
  return `/api/${path.replace(/^\/+/, '')}`;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function envelopeField(body: unknown, field: 'status' | 'message' | 'data' | 'issues'): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;
}

/** A failed answer's refused fields (the envelope's `issues`); none when it carries none. */
function issuesOf(body: unknown): FieldIssue[] {
  const issues = envelopeField(body, 'issues');
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (i: unknown): i is FieldIssue =>
      typeof i === 'object' &&
      i !== null &&
      typeof (i as Record<string, unknown>).field === 'string' &&
      typeof (i as Record<string, unknown>).message === 'string',
  );
}

/** Thrown inside `send` when the timer, not the caller, aborted the request. */
class TimedOut extends Error {}

async function send<T>(
  url: string,
  init: RequestInit,
  options: RequestOptions = {},
  asFile = false,
): Promise<ApiResult<T>> {
  // One controller for the caller's cancellation and the timeout, so both stop the request and
  // the reading of its answer.
  const controller = new AbortController();
  const timedOut = new TimedOut();
  const timer = setTimeout(() => controller.abort(timedOut), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const caller = options.signal;
  const onCallerAbort = () => controller.abort(caller?.reason);
  if (caller?.aborted) onCallerAbort();
  else caller?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    return await receive<T>(url, { credentials: 'same-origin', ...init, signal: controller.signal }, asFile);
  } catch (error) {
    if (controller.signal.reason === timedOut) throw new ApiError(TIMEOUT_MESSAGE, 0);
    throw error;
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener('abort', onCallerAbort);
  }
}

async function receive<T>(url: string, init: RequestInit, asFile: boolean): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    // Let callers (TanStack Query) see their own cancellations as such; a timeout is sorted out
    // by `send`.
    if (init.signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }
  // An answer from the service worker's kept copy (offline) or a fresh one: screens mark the former.
  noteAnswer(new URL(url, 'http://x').pathname, response.headers?.get('X-Desk-Offline-Copy') ?? null);
  // A file answer (the order and quote PDFs); a JSON envelope instead means it failed.
  if (asFile && response.ok && !(response.headers.get('Content-Type') ?? '').includes('application/json')) {
    return { data: (await response.blob()) as T, message: '' };
  }

  const body = await readJson(response);
  // Reading stopped half-way: report the cancellation or timeout, not a garbled answer.
  if (init.signal?.aborted) throw init.signal.reason;

  if (!response.ok) {
    if (response.status === 401 && !SESSION_PROBE_PATHS.has(new URL(url, 'http://x').pathname)) {
      for (const listener of unauthorizedListeners) listener();
    }
    const message = envelopeField(body, 'message');
    throw new ApiError(
      typeof message === 'string' && message.trim() !== '' ? message : GENERIC_ERROR_MESSAGE,
      response.status,
      envelopeField(body, 'data') ?? null,
      issuesOf(body),
    );
  }

  const status = envelopeField(body, 'status');
  if (status === 'OK') {
    const message = envelopeField(body, 'message');
    return { data: envelopeField(body, 'data') as T, message: typeof message === 'string' ? message : '' };
  }
  if (status === 'FAILED') {
    const message = envelopeField(body, 'message');
    throw new ApiError(
      typeof message === 'string' && message !== '' ? message : GENERIC_ERROR_MESSAGE,
      response.status,
    );
  }
  throw new ApiError(UNKNOWN_STATUS_MESSAGE, response.status);
}

function jsonRequest<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  return send<T>(apiUrl(path), init, options);
}

export const api = {
  get<T>(path: string, options?: RequestOptions): Promise<T> {
    return jsonRequest<T>('GET', path, undefined, options).then((r) => r.data);
  },
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return jsonRequest<T>('POST', path, body, options).then((r) => r.data);
  },
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return jsonRequest<T>('PUT', path, body, options).then((r) => r.data);
  },
  delete<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return jsonRequest<T>('DELETE', path, body, options).then((r) => r.data);
  },
  /** Any JSON call answering data AND the server's message (for 'Create succeeded - ID: {id}' banners). */
  request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, options?: RequestOptions) {
    return jsonRequest<T>(method, path, body, options);
  },
  /** A JSON POST whose answer is a file (a PDF); failures are ApiErrors like any other call. */
  postForFile(path: string, body: unknown, options: RequestOptions = {}): Promise<Blob> {
    const init: RequestInit = {
      method: 'POST',
      headers: { Accept: 'application/pdf, application/json', 'Content-Type': 'application/json', ...options.headers },
      body: JSON.stringify(body ?? {}),
    };
    return send<Blob>(apiUrl(path), init, { timeoutMs: FILE_REQUEST_TIMEOUT_MS, ...options }, true).then((r) => r.data);
  },
  /** A multipart POST (a file upload, the import): answers data and the server's message. */
  upload<T>(path: string, form: FormData, options: RequestOptions = {}): Promise<ApiResult<T>> {
    // No Content-Type: the browser writes multipart/form-data with its boundary.
    const init: RequestInit = {
      method: 'POST',
      headers: { Accept: 'application/json', ...options.headers },
      body: form,
    };
    return send<T>(apiUrl(path), init, { timeoutMs: FILE_REQUEST_TIMEOUT_MS, ...options });
  },
  /** A form-encoded POST; docs/product.md section 7 asks this of login only. */
  postForm<T>(path: string, fields: Record<string, string>, options?: RequestOptions): Promise<T> {
    const init: RequestInit = {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
      },
      body: new URLSearchParams(fields).toString(),
    };
    return send<T>(apiUrl(path), init, options).then((r) => r.data);
  },
};

/**
 * A list page's query as the server's paged lists take it: page, size, sort, then each column's
 * filter by its field name (GET /api/customers/?page&size&sort&{field}=text, and the others).
 */
export function listPageParams(query: ServerQuery): URLSearchParams {
  const params = new URLSearchParams({ page: String(query.page), size: String(query.size) });
  if (query.sort) params.set('sort', query.sort);
  for (const [field, text] of Object.entries(query.filters)) params.set(field, text);
  return params;
}

/** A fresh Idempotency-Key for a create or an export (docs/architecture.md section 3). */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The message of an error thrown by the API client (or anything else thrown), for a banner or toast. */
export function errorText(e: unknown): string {
  if (isApiError(e) || e instanceof Error) return e.message || GENERIC_ERROR_MESSAGE;
  if (typeof e === 'string' && e.trim() !== '') return e;
  return GENERIC_ERROR_MESSAGE;
}
