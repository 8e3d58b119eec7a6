import { api } from '../../../lib/api-client';
import { usePackageListMutation } from './package-mutation';
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
  return usePackageListMutation(deleteAssociatedPart, packageKeys.associatedParts);
}
