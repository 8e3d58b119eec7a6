import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { vendorOrderKeys } from './query-keys';

/** DELETE /api/vendor-orders/delete/{id}; 409 with the reason while orders are linked to it. */
export function deleteVendorOrder(id: number): Promise<null> {
  return api.delete<null>(`/api/vendor-orders/delete/${id}`);
}

export function useDeleteVendorOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVendorOrder,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: vendorOrderKeys.detail(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: vendorOrderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: vendorOrderKeys.options() }),
      ]);
    },
  });
}
