import { api } from '../../../lib/api-client';
import { usePackageListMutation } from './package-mutation';
import { packageKeys } from './query-keys';

export interface DeletePackageModifierArgs {
  packageId: number;
  modifierId: number;
}

/** DELETE /api/package/modifiers/delete/{modifierId} */
export function deletePackageModifier({ modifierId }: DeletePackageModifierArgs): Promise<unknown> {
  return api.delete<unknown>(`/api/package/modifiers/delete/${modifierId}`);
}

export function useDeletePackageModifier() {
  return usePackageListMutation(deletePackageModifier, packageKeys.modifiers);
}
