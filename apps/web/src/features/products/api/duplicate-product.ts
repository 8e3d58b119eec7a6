import type { Product } from '@desk/domain';
import { api } from '../../../lib/api-client';
import { useSaveProduct } from './save-product';

export interface DuplicateProductArgs {
  id: number;
  /** The edited item number of the copy (item numbers are unique; a taken one answers 409). */
  itemNo: string;
}

/** POST /api/products/duplicate/{id} { itemNo }: a deep copy, with associated parts and modifiers. */
export function duplicateProduct({ id, itemNo }: DuplicateProductArgs): Promise<Product> {
  return api.post<Product>(`/api/products/duplicate/${id}`, { itemNo });
}

export const useDuplicateProduct = () => useSaveProduct(duplicateProduct);
