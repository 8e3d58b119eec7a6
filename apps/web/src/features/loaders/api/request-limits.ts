/**
 * The yard's requests fail fast (issue 11): a loader at a bay should hear within seconds that the
 * network is down ('Failed to complete orders.'), not after the app-wide limit. The API client
 * turns the time-out into a network failure; nothing is paused offline or replayed later (the
 * app's query client runs every request in networkMode 'always').
 */
export const LOADERS_REQUEST_TIMEOUT_MS = 8_000;

/** Request options of every loaders call. */
export const YARD_REQUEST = { timeoutMs: LOADERS_REQUEST_TIMEOUT_MS } as const;
