import { ROLE_ADMIN, ROLE_USER, ROLE_YARD, type Role, type User } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** The kinds of user an administrator chooses between, and the roles each holds. */
export const USER_KINDS = [
  {
    kind: 'staff',
    label: 'Staff',
    roles: [ROLE_USER],
    help: 'Sales, Loaders and the dashboard when it is open to staff',
  },
  { kind: 'admin', label: 'Administrator', roles: [ROLE_ADMIN, ROLE_USER], help: 'Everything, Admin included' },
  { kind: 'yard', label: 'Yard', roles: [ROLE_YARD], help: 'The Loaders only (bays, Grid Manager, scan)' },
] as const satisfies readonly { kind: string; label: string; roles: readonly Role[]; help: string }[];
export type UserKind = (typeof USER_KINDS)[number]['kind'];

/** The kind of user these roles make: administrator over staff over yard. */
export function kindOf(roles: readonly string[]): UserKind | null {
  if (roles.includes(ROLE_ADMIN)) return 'admin';
  if (roles.includes(ROLE_USER)) return 'staff';
  if (roles.includes(ROLE_YARD)) return 'yard';
  return null;
}

export const kindLabel = (roles: readonly string[]) =>
  USER_KINDS.find((k) => k.kind === kindOf(roles))?.label ?? 'None';

/** PUT /api/users/roles; answers the roles held (409 for the last administrator's ROLE_ADMIN). */
export function setUserRoles(input: { username: string; roles: readonly Role[] }): Promise<string[]> {
  return api.put<string[]>('/api/users/roles', input);
}

export function useSetUserRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRoles,
    onSuccess: (roles, { username }) => {
      queryClient.setQueryData<User[]>(adminKeys.users(), (users) =>
        users?.map((u) => (u.username === username ? { ...u, authorities: roles } : u)),
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.securityEvents() });
    },
  });
}
