import type { SessionInfo } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { resetUserState } from '../reset-user-state';
import { rememberSignedInUser } from '../redirect-target';
import { storeRoles } from '../roles-storage';
import { sessionQueryKey } from './get-session';
import { getUserRoles, userRolesQueryKey } from './get-user-roles';

export interface LoginInput {
  username: string;
  password: string;
}

export interface LoginResult {
  session: SessionInfo;
  roles: string[];
}

/** POST /api/login (form-encoded), then GET /api/users/roles, cached for the tab. */
export async function login(input: LoginInput): Promise<LoginResult> {
  const session = await api.postForm<SessionInfo>('/api/login', {
    username: input.username.trim(),
    password: input.password,
  });
  let roles: string[];
  try {
    roles = await getUserRoles();
  } catch {
    // Already logged by getUserRoles; the login answer carries the same roles.
    roles = session.roles;
    storeRoles(roles);
  }
  return { session, roles };
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ session, roles }) => {
      // Nothing cached for a previous user may leak into this one's screens.
      resetUserState(queryClient);
      storeRoles(roles);
      rememberSignedInUser(session.username);
      queryClient.setQueryData(sessionQueryKey, session);
      queryClient.setQueryData(userRolesQueryKey, roles);
    },
    onError: (error) => {
      // Logged (docs/product.md section 8) as a warning: the form shows the reason, nothing is broken.
      console.warn('Login failed', error);
    },
  });
}
