import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { packageKeys } from './query-keys';

export interface DeleteAssociatedPartArgs {
  packageId: number;
  id: number;
}

/** DELETE /api/package/associated-parts/delete/{id} */
export function deleteAssociatedPart({ id }: DeleteAssociatedPartArgs): Promise<unknown> {
  return api.delete<unknown>(`/api/package/associated-parts/delete/${id}`);
}

export function useDeleteAssociatedPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAssociatedPart,
    onSuccess: (_data, { packageId }) =>
      queryClient.invalidateQueries({ queryKey: packageKeys.associatedParts(packageId) }),
  });
}
