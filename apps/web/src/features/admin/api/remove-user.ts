import type { User } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/**
 * DELETE /api/users/removeUser with the username as the JSON body ("bob"). 409 when it is the
 * caller's own account or the last administrator.
 */
export function removeUser(username: string): Promise<null> {
  return api.delete<null>('/api/users/removeUser', username);
}

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSuccess: (_data, username) => {
      // The row goes at once, without asking for the list again (docs/product.md section 4).
      queryClient.setQueryData<User[]>(adminKeys.users(), (users) => users?.filter((u) => u.username !== username));
    },
    onError: (error) => {
      console.warn('Removing the user failed', error);
    },
  });
}
