import type { Product, ProductInput } from '@desk/domain';
import { api } from '../../../lib/api-client';
import { productBody } from './create-product';
import { useSaveProduct } from './save-product';

export interface UpdateProductArgs {
  id: number;
  /** Carries the `version` the editor loaded; a stale one answers 409. */
  input: ProductInput;
}

/** PUT /api/products/update/{id} */
export function updateProduct({ id, input }: UpdateProductArgs): Promise<Product> {
  return api.put<Product>(`/api/products/update/${id}`, productBody(input));
}

export const useUpdateProduct = () => useSaveProduct(updateProduct);
