import type { Page, VendorOrder } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import type { ServerQuery } from '../../../components/ui/data-table';
import { api, listPageParams } from '../../../lib/api-client';
import { vendorOrderKeys } from './query-keys';

/** GET /api/vendor-orders/?page&size&sort&{field}=text: one page of the list, filtered and sorted by the server. */
export function listVendorOrdersPage(query: ServerQuery, signal?: AbortSignal): Promise<Page<VendorOrder>> {
  const params = listPageParams(query);
  return api.get<Page<VendorOrder>>(`/api/vendor-orders/?${params.toString()}`, { signal });
}

/** GET /api/vendor-orders/ without paging: every vendor order, sorted by id. */
export function listVendorOrders(signal?: AbortSignal): Promise<VendorOrder[]> {
  return api.get<VendorOrder[]>('/api/vendor-orders/', { signal });
}

/** Every vendor order, for a picker. */
export function useVendorOrderOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: vendorOrderKeys.options(),
    queryFn: ({ signal }) => listVendorOrders(signal),
    enabled,
  });
}
