import type { PackageModifier, PackageModifierInput } from '@desk/domain';
import { api } from '../../../lib/api-client';
import { packageModifierBody, usePackageListMutation } from './package-mutation';
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
  return api.put<PackageModifier>(`/api/package/modifiers/update/${modifierId}`, packageModifierBody(packageId, input));
}

export function useUpdatePackageModifier() {
  return usePackageListMutation(updatePackageModifier, packageKeys.modifiers);
}
