import type { VendorOrder, VendorOrderInput } from '@desk/domain';
import { api } from '../../../lib/api-client';
import { useSaveRecord } from '../../../lib/record-mutations';
import { vendorOrderKeys } from './query-keys';

export interface CreatedVendorOrder {
  vendorOrder: VendorOrder;
  /** The server's message ('Vendor order created') for the 'Create succeeded' banner. */
  message: string;
}

/** POST /api/vendor-orders/create: answers 201 with the new vendor order (and its id). */
export async function createVendorOrder(input: VendorOrderInput): Promise<CreatedVendorOrder> {
  const { data: vendorOrder, message } = await api.request<VendorOrder>('POST', '/api/vendor-orders/create', input);
  return { vendorOrder, message };
}

export function useCreateVendorOrder() {
  return useSaveRecord({
    mutationFn: createVendorOrder,
    record: ({ vendorOrder }) => vendorOrder,
    detailKey: vendorOrderKeys.detail,
    lists: [vendorOrderKeys.lists(), vendorOrderKeys.options()],
  });
}
