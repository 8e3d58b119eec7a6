import type { Customer, CustomerInput } from '@desk/domain';
import { api } from '../../../lib/api-client';
import { itself, useSaveRecord } from '../../../lib/record-mutations';
import { customerQueries } from './query-keys';

/**
 * PUT /api/customers/update/{id}. `input.version` is the version the user started from; the
 * server answers 409 when someone else saved the customer since.
 */
export function updateCustomer({ id, input }: { id: number; input: CustomerInput }): Promise<Customer> {
  return api.put<Customer>(`/api/customers/update/${id}`, input);
}

export function useUpdateCustomer() {
  return useSaveRecord({
    mutationFn: updateCustomer,
    record: itself,
    ...customerQueries(),
  });
}
