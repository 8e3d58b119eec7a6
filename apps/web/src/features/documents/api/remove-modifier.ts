import type { AppliedModifier, DocumentKind } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { KIND_INFO } from '../kinds';
import { documentKeys } from './query-keys';

/** Star off: DELETE /api/{orders|quotes}/package-modifiers/delete/{appliedId}; its part leaves too. */
export function removeModifier(kind: DocumentKind, appliedId: number): Promise<null> {
  return api.delete<null>(`${KIND_INFO[kind].base}/package-modifiers/delete/${appliedId}`);
}

export function useRemoveModifier(kind: DocumentKind, docId: number, lineId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appliedId: number) => removeModifier(kind, appliedId),
    onSuccess: (_data, appliedId) => {
      queryClient.setQueryData<AppliedModifier[]>(documentKeys.appliedModifiers(kind, lineId), (list) =>
        list?.filter((a) => a.id !== appliedId),
      );
      // The answer has no prices: ask once for the cart (the line's price drops) and the sub-parts.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.cart(kind, docId) }),
        queryClient.invalidateQueries({ queryKey: documentKeys.subParts(kind, lineId) }),
        queryClient.invalidateQueries({ queryKey: documentKeys.detail(kind, docId), refetchType: 'none' }),
      ]);
    },
  });
}
