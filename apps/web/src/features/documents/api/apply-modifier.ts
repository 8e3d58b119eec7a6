import type { AppliedModifier, AppliedModifierAnswer, DocumentKind } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { KIND_INFO } from '../kinds';
import { applyLineAnswer } from './cart-cache';
import { documentKeys } from './query-keys';
import { refreshAvailability } from './get-availability';

export interface ApplyModifierInput {
  /** The package modifier's id. */
  modifierId: number;
  notes: string | null;
  inches: string | null;
}

export type AppliedAnswer = AppliedModifierAnswer;

/**
 * Star on, or new notes: POST /api/{orders|quotes}/package-modifiers/upsert/{lineId}
 * {id: package modifier id, notes, inches}. The modifier's part joins the line's sub-parts and
 * its cost the line's price; the answer carries the line as priced now.
 */
export function applyModifier(kind: DocumentKind, lineId: number, { modifierId, notes, inches }: ApplyModifierInput) {
  return api.post<AppliedAnswer>(`${KIND_INFO[kind].base}/package-modifiers/upsert/${lineId}`, {
    id: modifierId,
    notes,
    inches,
  });
}

export function useApplyModifier(kind: DocumentKind, docId: number, lineId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplyModifierInput) => applyModifier(kind, lineId, input),
    onSuccess: ({ line, totals, totalsCents, ...applied }) => {
      queryClient.setQueryData<AppliedModifier[]>(documentKeys.appliedModifiers(kind, lineId), (list) =>
        list ? [...list.filter((a) => a.id !== applied.id), applied].sort((a, b) => a.id - b.id) : list,
      );
      if (line) applyLineAnswer(queryClient, kind, docId, { ...line, totals, totalsCents });
      refreshAvailability(queryClient, kind, docId);
      return queryClient.invalidateQueries({ queryKey: documentKeys.subParts(kind, lineId) });
    },
  });
}
