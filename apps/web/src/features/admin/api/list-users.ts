import type { User } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/users/getUsersList (administrators only): every account with its roles. */
export function listUsers(signal?: AbortSignal): Promise<User[]> {
  return api.get<User[]>('/api/users/getUsersList', { signal });
}

/** The user list; asked afresh each time the tab opens (docs/product.md section 4, "Admin users tab"). */
export function useUsers() {
  return useQuery({
    queryKey: adminKeys.users(),
    queryFn: ({ signal }) => listUsers(signal),
  });
}
