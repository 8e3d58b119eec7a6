import { api } from '../../../lib/api-client';
import { useDeleteRecord } from '../../../lib/record-mutations';
import { productKeys } from './query-keys';

/** DELETE /api/products/delete/{id}; 409 with the reason when a document or package uses it. */
export function deleteProduct(id: number): Promise<unknown> {
  return api.delete<unknown>(`/api/products/delete/${id}`);
}

export function useDeleteProduct() {
  return useDeleteRecord({ mutationFn: deleteProduct, detailKey: productKeys.detail, lists: [productKeys.all] });
}
