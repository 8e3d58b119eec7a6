import type { Product, ProductInput } from '@desk/domain';
import { api } from '../../../lib/api-client';
import { useSaveProduct } from './save-product';

/** The request body: the product type as a reference, { id }, as docs/architecture.md section 6 asks. */
export function productBody(input: ProductInput) {
  return { ...input, productType: input.productType === null ? null : { id: input.productType } };
}

/** POST /api/products/create; answers the new product, with its id, and the server's message. */
export async function createProduct(input: ProductInput): Promise<Product & { serverMessage: string }> {
  const { data, message } = await api.request<Product>('POST', '/api/products/create', productBody(input));
  return { ...data, serverMessage: message };
}

export const useCreateProduct = () => useSaveProduct(createProduct);
