import type { Customer, CustomerInput } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './query-keys';

/**
 * PUT /api/customers/update/{id}. `input.version` is the version the user started from; the
 * server answers 409 when someone else saved the customer since.
 */
export function updateCustomer({ id, input }: { id: number; input: CustomerInput }): Promise<Customer> {
  return api.put<Customer>(`/api/customers/update/${id}`, input);
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: (customer) => {
      queryClient.setQueryData(customerKeys.detail(customer.id), customer);
      return queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
    },
  });
}
