import type { QueryClient } from '@tanstack/react-query';

/**
 * TanStack Query keys of the loaders feature. Invalidating `bays()` refreshes every Loading Grid
 * bay; `pickupReady()` is the Grid Manager list.
 */
export const loaderKeys = {
  all: ['loaders'] as const,
  bays: () => [...loaderKeys.all, 'bay'] as const,
  bay: (bayId: number) => [...loaderKeys.bays(), bayId] as const,
  pickupReady: () => [...loaderKeys.all, 'pickup-ready'] as const,
};

/** After a yard write: the Grid Manager list and every bay's pick list (a bay follows its current load). */
export function refreshYard(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: loaderKeys.pickupReady() }),
    queryClient.invalidateQueries({ queryKey: loaderKeys.bays() }),
  ]);
}
