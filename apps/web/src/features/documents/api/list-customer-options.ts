import type { Customer } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerOptionsQueryKey } from './query-keys';

/** GET /api/customers/: every customer, sorted by id, for the document's Customer dropdown. */
export function listCustomerOptions(signal?: AbortSignal): Promise<Customer[]> {
  return api.get<Customer[]>('/api/customers/', signal ? { signal } : {});
}

export function useCustomerOptions() {
  return useQuery({
    queryKey: customerOptionsQueryKey,
    queryFn: ({ signal }) => listCustomerOptions(signal),
    refetchOnWindowFocus: false,
  });
}
