/**
 * The yard's requests fail fast and are never replayed (issue 11): each one runs whether or not
 * the browser believes it is online (TanStack Query would otherwise pause it offline and send it
 * when the network returns, behind the clerk's back), and gives up after a few seconds, which the
 * API client reports as a network failure ('Failed to complete orders.').
 */
export const LOADERS_REQUEST_TIMEOUT_MS = 8_000;

/** For useQuery/useMutation options: run now, never paused offline and resumed later. */
export const RUN_NOW = { networkMode: 'always' } as const;

/** A signal that aborts after the timeout, or when `signal` (TanStack Query's own) aborts. */
export function timeoutSignal(signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(LOADERS_REQUEST_TIMEOUT_MS);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}
