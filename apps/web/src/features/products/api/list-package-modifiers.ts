import type { PackageModifier } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { packageKeys } from './query-keys';

/** GET /api/package/modifiers/package/{packageId} */
export function listPackageModifiers(packageId: number, signal?: AbortSignal): Promise<PackageModifier[]> {
  return api.get<PackageModifier[]>(`/api/package/modifiers/package/${packageId}`, signal ? { signal } : {});
}

export function usePackageModifiers(packageId: number) {
  return useQuery({
    queryKey: packageKeys.modifiers(packageId),
    queryFn: ({ signal }) => listPackageModifiers(packageId, signal),
  });
}
