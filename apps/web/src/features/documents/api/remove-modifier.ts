import type { AppliedModifier, DocumentKind, RemovedModifierAnswer } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { KIND_INFO } from '../kinds';
import { applyLineAnswer } from './cart-cache';
import { documentKeys } from './query-keys';
import { refreshAvailability } from './get-availability';

/** The answer of a star off: the applied modifier's id, the line as priced now and the new totals. */
export type { RemovedModifierAnswer };

/** Star off: DELETE /api/{orders|quotes}/package-modifiers/delete/{appliedId}; its part leaves too. */
export function removeModifier(kind: DocumentKind, appliedId: number): Promise<RemovedModifierAnswer> {
  return api.delete<RemovedModifierAnswer>(`${KIND_INFO[kind].base}/package-modifiers/delete/${appliedId}`);
}

export function useRemoveModifier(kind: DocumentKind, docId: number, lineId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appliedId: number) => removeModifier(kind, appliedId),
    onSuccess: ({ line, totals, totalsCents }, appliedId) => {
      queryClient.setQueryData<AppliedModifier[]>(documentKeys.appliedModifiers(kind, lineId), (list) =>
        list?.filter((a) => a.id !== appliedId),
      );
      // The answer carries the line as priced now and the totals; only the sub-parts are asked again.
      if (line) applyLineAnswer(queryClient, kind, docId, { ...line, totals, totalsCents });
      refreshAvailability(queryClient, kind, docId);
      return queryClient.invalidateQueries({ queryKey: documentKeys.subParts(kind, lineId) });
    },
  });
}
