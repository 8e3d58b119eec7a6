import { ROLE_ADMIN, ROLE_USER, ROLE_YARD } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isRoleList, readStoredRoles, storeRoles } from '../roles-storage';
import { useSession } from './get-session';

export const userRolesQueryKey = ['user-roles'] as const;

/** GET /api/users/roles; the answer is cached in sessionStorage (docs/product.md section 6). */
export async function getUserRoles(signal?: AbortSignal): Promise<string[]> {
  try {
    const roles = await api.get<unknown>('/api/users/roles', signal ? { signal } : {});
    if (!isRoleList(roles)) throw new Error('The roles answer is not a list of strings');
    storeRoles(roles);
    return roles;
  } catch (error) {
    // Logged (docs/product.md section 8) as a warning: a 401 here is an ended session, handled by the guard.
    console.warn('Failed to fetch user roles', error);
    throw error;
  }
}

/**
 * The signed-in user's roles: from the tab's cache when present, else from the server. Without
 * a session there are no roles to ask for (and screens on their way out after sign-out must not
 * ask again).
 */
export function useUserRoles() {
  const signedIn = Boolean(useSession().data);
  return useQuery({
    queryKey: userRolesQueryKey,
    queryFn: ({ signal }) => getUserRoles(signal),
    initialData: () => readStoredRoles() ?? undefined,
    staleTime: Infinity,
    enabled: signedIn,
  });
}

export function hasAdminRole(roles: readonly string[] | undefined): boolean {
  return roles?.includes(ROLE_ADMIN) ?? false;
}

/**
 * A yard sign-in: ROLE_YARD without staff or administrator roles. It opens the Loaders area (and
 * the user's own account) only; the server refuses the rest (docs/decisions/029-yard-role.md).
 */
export function isYardOnly(roles: readonly string[] | undefined): boolean {
  return !!roles && roles.includes(ROLE_YARD) && !roles.includes(ROLE_USER) && !roles.includes(ROLE_ADMIN);
}
