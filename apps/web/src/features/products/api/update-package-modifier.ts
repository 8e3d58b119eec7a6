import type { PackageModifier, PackageModifierInput } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { packageKeys } from './query-keys';

export interface UpdatePackageModifierArgs {
  packageId: number;
  modifierId: number;
  /** Carries the `version` the panel listed; a stale one answers 409. */
  input: PackageModifierInput;
}

/** PUT /api/package/modifiers/update/{modifierId}, with the same fields as the create. */
export function updatePackageModifier({
  packageId,
  modifierId,
  input,
}: UpdatePackageModifierArgs): Promise<PackageModifier> {
  return api.put<PackageModifier>(`/api/package/modifiers/update/${modifierId}`, {
    ...input,
    packageId,
    product: input.product === null ? null : { id: input.product },
  });
}

export function useUpdatePackageModifier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePackageModifier,
    onSuccess: (_data, { packageId }) => queryClient.invalidateQueries({ queryKey: packageKeys.modifiers(packageId) }),
  });
}
