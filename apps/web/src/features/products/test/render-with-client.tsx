import type { ProductType } from '@desk/domain';

export { renderWithQuery as renderWithClient } from '../../../test/render-with-query';
export { aPackage, aProduct } from '../../../test/records';

export const PRODUCT_TYPES: ProductType[] = [
  { id: 1, type: 'Part', isPackage: false },
  { id: 2, type: 'Door Package', isPackage: true },
  { id: 3, type: 'Spring', isPackage: false },
];
