import type { VendorOrder, VendorOrderInput } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVendorOrder,
    onSuccess: ({ vendorOrder }) => {
      queryClient.setQueryData(vendorOrderKeys.detail(vendorOrder.id), vendorOrder);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: vendorOrderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: vendorOrderKeys.options() }),
      ]);
    },
  });
}
