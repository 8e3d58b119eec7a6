import type { LinkedOrder, VendorOrder, VendorOrderInput } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Created } from '../../../lib/record-mutations';
import { linkedOrderKeys, vendorOrderKeys } from './query-keys';

/**
 * "Order from vendor" on an order: POST /api/linked-orders/create-vendor-order/{orderId} creates
 * the vendor order and its link to the order in one transaction; answered as the link. Here the
 * new vendor order and the server's message, as a create's answer.
 */
export async function createVendorOrderForOrder(
  orderId: number,
  input: VendorOrderInput,
): Promise<Created<VendorOrder>> {
  const { data, message } = await api.request<LinkedOrder>(
    'POST',
    `/api/linked-orders/create-vendor-order/${orderId}`,
    input,
  );
  return { record: data.vendorOrder, message };
}

/** The mutation for the vendor order modal opened from order `orderId` (null: not from an order). */
export function useCreateVendorOrderForOrder(orderId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VendorOrderInput) => {
      if (orderId === null) throw new Error('No order to link the vendor order to.');
      return createVendorOrderForOrder(orderId, input);
    },
    onSuccess: ({ record }) => {
      queryClient.setQueryData(vendorOrderKeys.detail(record.id), record);
      // Both sides of the new link, and the lists and picker that show the new vendor order.
      return Promise.all(
        [linkedOrderKeys.all, vendorOrderKeys.lists(), vendorOrderKeys.options()].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
