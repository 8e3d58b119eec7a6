import { api } from '../../../lib/api-client';
import { useDeleteRecord } from '../../../lib/record-mutations';
import { vendorOrderKeys } from './query-keys';

/** DELETE /api/vendor-orders/delete/{id}; 409 with the reason while orders are linked to it. */
export function deleteVendorOrder(id: number): Promise<null> {
  return api.delete<null>(`/api/vendor-orders/delete/${id}`);
}

export function useDeleteVendorOrder() {
  return useDeleteRecord({
    mutationFn: deleteVendorOrder,
    detailKey: vendorOrderKeys.detail,
    lists: [vendorOrderKeys.lists(), vendorOrderKeys.options()],
  });
}
