import type { VendorOrder } from '@desk/domain';
import { api } from '../../../lib/api-client';
import { useRecordQuery } from '../../../lib/editor-query';
import { vendorOrderKeys } from './query-keys';

/** GET /api/vendor-orders/{id}. */
export function getVendorOrder(id: number, signal?: AbortSignal): Promise<VendorOrder> {
  return api.get<VendorOrder>(`/api/vendor-orders/${id}`, { signal });
}

/** One VendorOrder for its editor (idle in create mode; not re-read on window focus). */
export const useVendorOrder = (id: number | null) => useRecordQuery(vendorOrderKeys.detail, getVendorOrder, id);
