import type { VendorOrder, VendorOrderInput } from '@desk/domain';
import { api } from '../../../lib/api-client';
import { itself, useSaveRecord } from '../../../lib/record-mutations';
import { linkedOrderKeys, vendorOrderKeys } from './query-keys';

/**
 * PUT /api/vendor-orders/update/{id}. `input.version` is the version the user started from; the
 * server answers 409 when someone else saved the vendor order since.
 */
export function updateVendorOrder({ id, input }: { id: number; input: VendorOrderInput }): Promise<VendorOrder> {
  return api.put<VendorOrder>(`/api/vendor-orders/update/${id}`, input);
}

export function useUpdateVendorOrder() {
  return useSaveRecord({
    mutationFn: updateVendorOrder,
    record: itself,
    detailKey: vendorOrderKeys.detail,
    // Links show the vendor order's name, arrival and status, on the order side too.
    lists: [vendorOrderKeys.lists(), vendorOrderKeys.options(), linkedOrderKeys.all],
  });
}
