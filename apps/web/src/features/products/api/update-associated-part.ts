import type { AssociatedPart } from '@desk/domain';
import { api } from '../../../lib/api-client';
import { usePackageListMutation } from './package-mutation';
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
  return usePackageListMutation(updateAssociatedPart, packageKeys.associatedParts);
}
