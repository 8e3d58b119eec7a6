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
