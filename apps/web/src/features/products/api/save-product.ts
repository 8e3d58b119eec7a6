import type { Product } from '@desk/domain';
import { itself, useSaveRecord } from '../../../lib/record-mutations';
import { productKeys } from './query-keys';

/** A create, update or duplicate of a product: the answer is the saved product; every product list is asked again. */
export function useSaveProduct<TArgs, TResult extends Product>(mutationFn: (args: TArgs) => Promise<TResult>) {
  return useSaveRecord({ mutationFn, record: itself, detailKey: productKeys.detail, lists: [productKeys.all] });
}
