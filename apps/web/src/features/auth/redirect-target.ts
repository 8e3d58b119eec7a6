/**
 * Where signing in leads. Everyone lands on /sales, except someone whose own session ended in
 * this tab: they go back to the page they were sent away from. A page another user was on (the
 * tab was left at the previous clerk's screen, or restored from yesterday) is never the next
 * user's landing page.
 */
import { APP_PATHS } from '@desk/domain';

/** What guarded routes put in the location state when they send someone to /login. */
export interface LoginRedirectState {
  from: string;
  /** Whose session it was, when this tab knew: only they are sent back to `from`. */
  username?: string | null;
}

export const DEFAULT_SIGNED_IN_PATH = APP_PATHS.sales;

/** sessionStorage key (per tab, kept across reloads) of the user last signed in in this tab. */
export const LAST_USER_STORAGE_KEY = 'lastSignedInUser';

const sameUser = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Where to go after `username` signed in: the page the redirect came from if it was this user's
 * and is a safe local path, else /sales.
 */
export function redirectTargetFrom(state: unknown, username: string): string {
  const { from, username: owner } =
    typeof state === 'object' && state !== null ? (state as Partial<LoginRedirectState>) : {};
  if (typeof owner !== 'string' || !sameUser(owner, username)) return DEFAULT_SIGNED_IN_PATH;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith(APP_PATHS.login)) {
    return DEFAULT_SIGNED_IN_PATH;
  }
  return from;
}

export function rememberSignedInUser(username: string): void {
  try {
    window.sessionStorage.setItem(LAST_USER_STORAGE_KEY, username);
  } catch {
    // Without storage a redirected user simply lands on /sales.
  }
}

export function lastSignedInUser(): string | null {
  try {
    return window.sessionStorage.getItem(LAST_USER_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** After an explicit sign-out nobody is owed a way back. */
export function forgetSignedInUser(): void {
  try {
    window.sessionStorage.removeItem(LAST_USER_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}

/**
 * The server's readable "signed in" hint cookie (set beside the session cookie at sign-in, ended
 * with it; it grants nothing). Present in every tab of the browser, unlike sessionStorage.
 */
export const SIGNED_IN_HINT_COOKIE = 'desk_signed_in';

export function hasSignedInHint(): boolean {
  try {
    return document.cookie.split('; ').includes(`${SIGNED_IN_HINT_COOKIE}=1`);
  } catch {
    return false;
  }
}

/** When the server says there is no session, the hint is stale: the next load waits for the probe. */
export function forgetSignedInHint(): void {
  try {
    if (hasSignedInHint()) document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  } catch {
    // No cookies in this context.
  }
}
