import type { Product, ProductInput } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productKeys } from './query-keys';

/** The request body: the product type as a reference, { id }, as docs/architecture.md section 6 asks. */
export function productBody(input: ProductInput) {
  return { ...input, productType: input.productType === null ? null : { id: input.productType } };
}

/** POST /api/products/create; answers the new product, with its id, and the server's message. */
export async function createProduct(input: ProductInput): Promise<Product & { serverMessage: string }> {
  const { data, message } = await api.request<Product>('POST', '/api/products/create', productBody(input));
  return { ...data, serverMessage: message };
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      return queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
