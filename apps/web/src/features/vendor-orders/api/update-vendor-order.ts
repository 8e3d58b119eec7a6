import type { VendorOrder, VendorOrderInput } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { linkedOrderKeys, vendorOrderKeys } from './query-keys';

/**
 * PUT /api/vendor-orders/update/{id}. `input.version` is the version the user started from; the
 * server answers 409 when someone else saved the vendor order since.
 */
export function updateVendorOrder({ id, input }: { id: number; input: VendorOrderInput }): Promise<VendorOrder> {
  return api.put<VendorOrder>(`/api/vendor-orders/update/${id}`, input);
}

export function useUpdateVendorOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVendorOrder,
    onSuccess: (vendorOrder) => {
      queryClient.setQueryData(vendorOrderKeys.detail(vendorOrder.id), vendorOrder);
      // Links show the vendor order's name, arrival and status, on the order side too.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: vendorOrderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: vendorOrderKeys.options() }),
        queryClient.invalidateQueries({ queryKey: linkedOrderKeys.all }),
      ]);
    },
  });
}
