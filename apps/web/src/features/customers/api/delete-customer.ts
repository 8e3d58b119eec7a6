import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './query-keys';

/** DELETE /api/customers/delete/{id}; 409 with the reason when the customer has orders or quotes. */
export function deleteCustomer(id: number): Promise<null> {
  return api.delete<null>(`/api/customers/delete/${id}`);
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: customerKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
    },
  });
}
