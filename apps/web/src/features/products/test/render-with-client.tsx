import type { Product, ProductType } from '@desk/domain';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppProviders, createQueryClient } from '../../../app/providers';

/** Renders one component with a fresh query cache and no retries, as the app's providers do. */
export function renderWithClient(ui: ReactElement) {
  const queryClient = createQueryClient({ retry: false });
  return { ...render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>), queryClient };
}

export const PRODUCT_TYPES: ProductType[] = [
  { id: 1, type: 'Part', isPackage: false },
  { id: 2, type: 'Door Package', isPackage: true },
  { id: 3, type: 'Spring', isPackage: false },
];

export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 7,
    itemNo: 'HL-KIT-12',
    itemDescription: 'High-lift track conversion kit, 12 in',
    wholesalePrice: 145.5,
    multiplierCategory: null,
    productType: { id: 1, type: 'Part' },
    modifierCostIncrease: 38,
    windowsData: null,
    windowDescription: null,
    insertsData: null,
    insertDescription: null,
    isPackage: false,
    version: 3,
    ...overrides,
  };
}

export const aPackage = (overrides: Partial<Product> = {}) =>
  aProduct({
    id: 12,
    itemNo: 'DP-1607-INS',
    itemDescription: '16x7 insulated steel sectional door package',
    wholesalePrice: 1180,
    multiplierCategory: 'Residential',
    productType: { id: 2, type: 'Door Package' },
    modifierCostIncrease: 0,
    isPackage: true,
    ...overrides,
  });
