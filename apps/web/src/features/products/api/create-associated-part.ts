import type { AssociatedPart } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { packageKeys } from './query-keys';

export interface CreateAssociatedPartArgs {
  packageId: number;
  childId: number;
  /** Per door; the server checks it is a whole number of at least 1. */
  quantity: number;
}

/** POST /api/package/associated-parts/create/{packageId} { child: { id }, quantity } */
export function createAssociatedPart({
  packageId,
  childId,
  quantity,
}: CreateAssociatedPartArgs): Promise<AssociatedPart> {
  return api.post<AssociatedPart>(`/api/package/associated-parts/create/${packageId}`, {
    child: { id: childId },
    quantity,
  });
}

export function useCreateAssociatedPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssociatedPart,
    // The list refreshes whether the link worked or not (docs/product.md section 4, "Linkers").
    onSettled: (_data, _error, { packageId }) =>
      queryClient.invalidateQueries({ queryKey: packageKeys.associatedParts(packageId) }),
  });
}
