import type { ProductType } from '@desk/domain';
import type { ReactElement } from 'react';
import { MemoryRouter } from '../../../lib/navigation';
import { renderWithQuery } from '../../../test/render-with-query';

/** Renders with the app's providers, in a router (the catalogue's editor reads ?open=). */
export const renderWithClient = (ui: ReactElement) => renderWithQuery(<MemoryRouter>{ui}</MemoryRouter>);
export { aPackage, aProduct } from '../../../test/records';

export const PRODUCT_TYPES: ProductType[] = [
  { id: 1, type: 'Part', isPackage: false },
  { id: 2, type: 'Door Package', isPackage: true },
  { id: 3, type: 'Spring', isPackage: false },
];
