import type { AssociatedPart } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { packageKeys } from './query-keys';

export interface UpdateAssociatedPartArgs {
  packageId: number;
  /** The row as listed, with the new quantity; the server writes only the quantity. */
  part: AssociatedPart;
}

/** PUT /api/package/associated-parts/update/{id} */
export function updateAssociatedPart({ part }: UpdateAssociatedPartArgs): Promise<AssociatedPart> {
  return api.put<AssociatedPart>(`/api/package/associated-parts/update/${part.id}`, part);
}

export function useUpdateAssociatedPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAssociatedPart,
    onSuccess: (_data, { packageId }) =>
      queryClient.invalidateQueries({ queryKey: packageKeys.associatedParts(packageId) }),
  });
}
