/**
 * The rule for new passwords (OWASP ASVS 5.0 6.2.1, 6.2.4, 6.2.11): at least 12 characters, not
 * one of the most common passwords, and not containing the username or the business name. Pure:
 * the list of common passwords is the caller's (the server loads it; the browser never gets it).
 */

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

/** The line shown next to every new-password field. */
export const PASSWORD_RULE_HINT =
  'At least 12 characters; not a common password; not your username or the business name.';

export interface PasswordContext {
  /** The account the password is for. */
  username?: string | undefined;
  /** COMPANY_NAME: the first word an attacker tries. */
  businessName?: string | undefined;
  /** True when the (lower-cased) password is on a list of common passwords. */
  isCommon?: ((lowerCased: string) => boolean) | undefined;
}

/** Letters and digits only, lower-cased: 'Garage Door-Supply' and 'garagedoorsupply' compare equal. */
const compact = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Length in characters as a person counts them (code points), not UTF-16 units. */
export const passwordLength = (password: string) => [...password].length;

/**
 * Why a new password is refused, in words for the person typing it ('must be at least 12
 * characters'), or null when it is acceptable. The first rule that fails is named.
 */
export function passwordProblem(password: string, ctx: PasswordContext = {}): string | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  const lower = password.toLowerCase();
  if (ctx.isCommon && (ctx.isCommon(lower) || ctx.isCommon(lower.trim())))
    return 'is one of the most common passwords; choose one that is harder to guess';
  const pw = compact(password);
  const username = (ctx.username ?? '').trim().toLowerCase();
  const user = compact(username);
  if ((username && lower.includes(username)) || (user.length >= 3 && pw.includes(user)))
    return 'must not contain the username';
  const business = compact(ctx.businessName ?? '');
  if (business && pw.includes(business)) return 'must not contain the business name';
  return null;
}
