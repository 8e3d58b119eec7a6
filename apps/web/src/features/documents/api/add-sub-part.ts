import type { DocumentKind, SubPartRow } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { KIND_INFO } from '../kinds';
import { documentKeys } from './query-keys';
import { refreshAvailability } from './get-availability';

/** Add Part: PUT /api/order-parts/update_subpart_list/{lineId} (quotes: update_subpart_quote_list) {child, quantity}. */
export function addSubPart(kind: DocumentKind, lineId: number, childId: number, quantity: number) {
  const info = KIND_INFO[kind];
  return api.put<SubPartRow>(`${info.parts}/${info.addSubPart}/${lineId}`, { child: { id: childId }, quantity });
}

export function useAddSubPart(kind: DocumentKind, lineId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ childId, quantity }: { childId: number; quantity: number }) =>
      addSubPart(kind, lineId, childId, quantity),
    onSuccess: () => {
      // A sub-part knows its line, not its document: every open cart of the kind asks the shelf again.
      refreshAvailability(queryClient, kind);
      return queryClient.invalidateQueries({ queryKey: documentKeys.subParts(kind, lineId) });
    },
  });
}
