import type { LoginBody, SessionInfo } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { resetUserState } from '../reset-user-state';
import { rememberSignedInUser } from '../redirect-target';
import { storeRoles } from '../roles-storage';
import { sessionQueryKey } from './get-session';
import { getUserRoles, userRolesQueryKey } from './get-user-roles';

/** Username, password and, for a user with two-factor sign-in on, the authenticator's code. */
export type LoginInput = LoginBody;

export interface LoginResult {
  session: SessionInfo;
  roles: string[];
}

/**
 * The password was right and the account has two-factor sign-in on: the server answers 401 with
 * data { mfaRequired: true } until the code (missing or wrong) is given. The API client reports
 * no lost session for a 401 of /api/login.
 */
export function isMfaRequired(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.httpStatus === 401 &&
    typeof error.data === 'object' &&
    error.data !== null &&
    (error.data as { mfaRequired?: unknown }).mfaRequired === true
  );
}

/** POST /api/login (form-encoded), then GET /api/users/roles, cached for the tab. */
export async function login(input: LoginInput): Promise<LoginResult> {
  const fields: Record<string, string> = { username: input.username.trim(), password: input.password };
  if (input.totp !== undefined) fields.totp = input.totp.trim();
  const session = await api.postForm<SessionInfo>('/api/login', fields);
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
    onError: (error, input) => {
      // Asking for the code after the password is the expected second step, not a failure.
      if (input.totp === undefined && isMfaRequired(error)) return;
      // Logged (docs/product.md section 8) as a warning: the form shows the reason, nothing is broken.
      console.warn('Login failed', error);
    },
  });
}
