import type { VendorOrder, VendorOrderInput } from '@desk/domain';
import { createRecord, createdRecord, useSaveRecord } from '../../../lib/record-mutations';
import { vendorOrderKeys } from './query-keys';

/** POST /api/vendor-orders/create: answers 201 with the new record (and its id) and the 'created' message. */
export const createVendorOrder = (input: VendorOrderInput) =>
  createRecord<VendorOrder>('/api/vendor-orders/create', input);

export function useCreateVendorOrder() {
  return useSaveRecord({
    mutationFn: createVendorOrder,
    record: createdRecord,
    detailKey: vendorOrderKeys.detail,
    lists: [vendorOrderKeys.lists(), vendorOrderKeys.options()],
  });
}
