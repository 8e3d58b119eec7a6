import type { PackageModifier, PackageModifierInput } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { packageKeys } from './query-keys';

export interface CreatePackageModifierArgs {
  packageId: number;
  input: PackageModifierInput;
}

/** POST /api/package/modifiers/create/{packageId} { packageId, category, name, quantity, product, notes } */
export function createPackageModifier({ packageId, input }: CreatePackageModifierArgs): Promise<PackageModifier> {
  return api.post<PackageModifier>(`/api/package/modifiers/create/${packageId}`, {
    ...input,
    packageId,
    product: input.product === null ? null : { id: input.product },
  });
}

export function useCreatePackageModifier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPackageModifier,
    onSuccess: (_data, { packageId }) => queryClient.invalidateQueries({ queryKey: packageKeys.modifiers(packageId) }),
  });
}
