import type { ModifyCredentialsBody } from '@desk/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** What the server says on success; the API client hands back only `data` (null here). */
export const PASSWORD_CHANGED_MESSAGE = 'Password changed.';

/**
 * PUT /api/users/modifyCredentials: needs the old password; staff may change only their own,
 * administrators anyone's. Ends that user's other sessions. A 400 names the field
 * ('oldPassword: the old password is not correct.').
 */
export async function modifyCredentials(body: ModifyCredentialsBody): Promise<string> {
  await api.put<null>('/api/users/modifyCredentials', body);
  return PASSWORD_CHANGED_MESSAGE;
}

export function useModifyCredentials() {
  return useMutation({
    mutationFn: modifyCredentials,
    onError: (error) => {
      console.warn('Changing the password failed', error);
    },
  });
}
