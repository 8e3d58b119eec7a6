import type { Query, QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from './api/get-session';
import { forgetOfflineCopies } from '../../lib/offline-copies';
import { clearStoredRoles } from './roles-storage';

/**
 * Forgets everything cached for the signed-in user: the roles in sessionStorage, the service
 * worker's offline copies of the yard's reads, and every query except those marked
 * `meta: { public: true }` (data the signed-out pages show).
 *
 * The session query is set to null rather than removed: its mounted observers (the route guard)
 * must see the change, and the guard then unmounts the signed-in screens and sends them to
 * /login. Removed queries notify nobody, so the other screens cannot refetch on the way out.
 */
export function resetUserState(queryClient: QueryClient): void {
  clearStoredRoles();
  forgetOfflineCopies();
  const belongsToUser = (query: Query) => query.meta?.public !== true && query.queryKey[0] !== sessionQueryKey[0];
  void queryClient.cancelQueries({ predicate: belongsToUser });
  queryClient.removeQueries({ predicate: belongsToUser });
  queryClient.setQueryData(sessionQueryKey, null);
}
