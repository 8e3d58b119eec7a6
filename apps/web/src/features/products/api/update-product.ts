import type { Product, ProductInput } from '@desk/domain';
import { api } from '../../../lib/api-client';
import { itself, useSaveRecord } from '../../../lib/record-mutations';
import { productBody } from './create-product';
import { productKeys } from './query-keys';

export interface UpdateProductArgs {
  id: number;
  /** Carries the `version` the editor loaded; a stale one answers 409. */
  input: ProductInput;
}

/** PUT /api/products/update/{id} */
export function updateProduct({ id, input }: UpdateProductArgs): Promise<Product> {
  return api.put<Product>(`/api/products/update/${id}`, productBody(input));
}

export function useUpdateProduct() {
  return useSaveRecord({
    mutationFn: updateProduct,
    record: itself,
    detailKey: productKeys.detail,
    lists: [productKeys.all],
  });
}
