import { BAY_IDS, type BayData } from '@desk/domain';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loaderKeys } from './query-keys';
import { YARD_REQUEST } from './request-limits';
import { LIST_FRESH_MS } from '../../../lib/query-freshness';

export { loaderKeys };

/** GET /api/getGarageBayData/{bayId}: the bay's pick list; an empty bay answers OK with no rows. */
export function getBayData(bayId: number, signal?: AbortSignal): Promise<BayData> {
  return api.get<BayData>(`/api/getGarageBayData/${bayId}`, { signal, ...YARD_REQUEST });
}

/** One bay of the Loading Grid; its `refetch` is the bay's Refresh Bay. */
export function useBayData(bayId: number) {
  return useQuery({
    queryKey: loaderKeys.bay(bayId),
    queryFn: ({ signal }) => getBayData(bayId, signal),
    staleTime: LIST_FRESH_MS,
  });
}

/**
 * The order that is this bay's current load as the Loading Grid last loaded it (null: none;
 * undefined: not loaded, or no bay). Never fetches by itself.
 */
export function useBayLoad(bayId: number | null): number | null | undefined {
  const bay = useQuery({
    queryKey: loaderKeys.bay(bayId ?? 0),
    queryFn: ({ signal }) => getBayData(bayId ?? 0, signal),
    enabled: false,
    select: (data: BayData) => data.orderId,
  });
  return bayId === null ? undefined : bay.data;
}

/**
 * The orders that are the bays' current loads, as last loaded by the Loading Grid (it never
 * fetches by itself). Null while some bay has not been loaded yet, so nobody can tell who is
 * absent. A bay whose last refresh failed keeps the load it last showed.
 */
export function useOrdersOnBays(): ReadonlySet<number> | null {
  return useQueries({
    queries: BAY_IDS.map((bayId) => ({
      queryKey: loaderKeys.bay(bayId),
      queryFn: ({ signal }: { signal: AbortSignal }) => getBayData(bayId, signal),
      enabled: false,
    })),
    combine: (results) => {
      if (results.some((r) => r.status === 'pending')) return null;
      const ids = new Set<number>();
      for (const r of results) {
        if (r.data?.orderId != null) ids.add(r.data.orderId);
      }
      return ids;
    },
  });
}
