import type { AssociatedPart } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { packageKeys } from './query-keys';

/** GET /api/package/associated-parts/{productId} */
export function listAssociatedParts(packageId: number, signal?: AbortSignal): Promise<AssociatedPart[]> {
  return api.get<AssociatedPart[]>(`/api/package/associated-parts/${packageId}`, signal ? { signal } : {});
}

export function useAssociatedParts(packageId: number) {
  return useQuery({
    queryKey: packageKeys.associatedParts(packageId),
    queryFn: ({ signal }) => listAssociatedParts(packageId, signal),
  });
}
