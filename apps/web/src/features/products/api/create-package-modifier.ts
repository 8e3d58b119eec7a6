import type { PackageModifier, PackageModifierInput } from '@desk/domain';
import { api } from '../../../lib/api-client';
import { packageModifierBody, usePackageListMutation } from './package-mutation';
import { packageKeys } from './query-keys';

export interface CreatePackageModifierArgs {
  packageId: number;
  input: PackageModifierInput;
}

/** POST /api/package/modifiers/create/{packageId} { packageId, category, name, quantity, product, notes } */
export function createPackageModifier({ packageId, input }: CreatePackageModifierArgs): Promise<PackageModifier> {
  return api.post<PackageModifier>(`/api/package/modifiers/create/${packageId}`, packageModifierBody(packageId, input));
}

export function useCreatePackageModifier() {
  return usePackageListMutation(createPackageModifier, packageKeys.modifiers);
}
