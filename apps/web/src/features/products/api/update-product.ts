import type { Product, ProductInput } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      return queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
