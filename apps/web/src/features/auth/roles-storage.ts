import { USER_ROLES_STORAGE_KEY } from '@desk/domain';

/**
 * The signed-in user's roles, cached per tab in sessionStorage after login (docs/product.md section 6).
 * Storage can be unavailable (privacy modes) or hold junk; both read as "not cached".
 */
export function readStoredRoles(): string[] | null {
  try {
    const raw = window.sessionStorage.getItem(USER_ROLES_STORAGE_KEY);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    return isRoleList(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function storeRoles(roles: string[]): void {
  try {
    window.sessionStorage.setItem(USER_ROLES_STORAGE_KEY, JSON.stringify(roles));
  } catch {
    // Without storage the roles are simply fetched again next time.
  }
}

export function clearStoredRoles(): void {
  try {
    window.sessionStorage.removeItem(USER_ROLES_STORAGE_KEY);
  } catch {
    // Nothing cached, nothing to clear.
  }
}

export function isRoleList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((role) => typeof role === 'string');
}
