import type { AddUserBody, User } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export interface AddedUser {
  user: User;
  /** The server's wording ('User bob added.'); the API client hands back only `data`. */
  message: string;
}

/** POST /api/users/addNewUser (administrators only): 201 with the new user; 409 when the name is taken. */
export async function addUser(body: AddUserBody): Promise<AddedUser> {
  const user = await api.post<User>('/api/users/addNewUser', body);
  return { user, message: `User ${user.username} added.` };
}

export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
    onError: (error) => {
      console.warn('Adding the user failed', error);
    },
  });
}
