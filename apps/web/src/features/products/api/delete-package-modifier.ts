import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePackageModifier,
    onSuccess: (_data, { packageId }) => queryClient.invalidateQueries({ queryKey: packageKeys.modifiers(packageId) }),
  });
}
