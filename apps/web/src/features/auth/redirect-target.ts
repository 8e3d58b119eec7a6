/** What guarded routes put in the location state when they send someone to /login. */
export interface LoginRedirectState {
  from: string;
}

export const DEFAULT_SIGNED_IN_PATH = '/sales';

/** Where to go after signing in: the page the user was sent from, if it is a safe local path. */
export function redirectTargetFrom(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as Partial<LoginRedirectState>).from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/login')) {
    return DEFAULT_SIGNED_IN_PATH;
  }
  return from;
}
