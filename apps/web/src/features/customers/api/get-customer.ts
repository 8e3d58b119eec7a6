import type { Customer } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './query-keys';

/** GET /api/customers/{id}. */
export function getCustomer(id: number, signal?: AbortSignal): Promise<Customer> {
  return api.get<Customer>(`/api/customers/${id}`, { signal });
}

/** One customer, for the editor; idle while `id` is null (create mode). */
export function useCustomer(id: number | null) {
  return useQuery({
    queryKey: customerKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getCustomer(id!, signal),
    enabled: id !== null,
    // The editor must not swap the form under the user's hands when the window regains focus.
    refetchOnWindowFocus: false,
  });
}
