import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { linkedOrderKeys } from './query-keys';

/** DELETE /api/linked-orders/delete/{linkId}: removes the link; the order and the vendor order stay. */
export function deleteLinkedOrder(linkId: number): Promise<null> {
  return api.delete<null>(`/api/linked-orders/delete/${linkId}`);
}

export function useDeleteLinkedOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLinkedOrder,
    // Both sides of the link: the order's vendor orders and the vendor order's orders.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkedOrderKeys.all }),
  });
}
