import type { DocumentKind, SubPartRow } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { KIND_INFO } from '../kinds';
import { documentKeys } from './query-keys';
import { refreshAvailability } from './get-availability';

/** DELETE /api/{order|quote}-parts/delete-sub/{rowId}; only sub-parts from associated parts. */
export function deleteSubPart(kind: DocumentKind, rowId: number): Promise<null> {
  return api.delete<null>(`${KIND_INFO[kind].parts}/delete-sub/${rowId}`);
}

export function useDeleteSubPart(kind: DocumentKind, lineId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rowId: number) => deleteSubPart(kind, rowId),
    onSuccess: (_data, rowId) => {
      queryClient.setQueryData<SubPartRow[]>(documentKeys.subParts(kind, lineId), (rows) =>
        rows?.filter((r) => r.rowId !== rowId),
      );
      refreshAvailability(queryClient, kind);
    },
  });
}
