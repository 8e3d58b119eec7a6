import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productKeys } from './query-keys';

/** DELETE /api/products/delete/{id}; 409 with the reason when a document or package uses it. */
export function deleteProduct(id: number): Promise<unknown> {
  return api.delete<unknown>(`/api/products/delete/${id}`);
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: productKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
