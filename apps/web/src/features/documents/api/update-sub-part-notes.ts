import type { DocumentKind, SubPartRow } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { KIND_INFO } from '../kinds';
import { documentKeys } from './query-keys';

export interface SubPartNotes {
  row: SubPartRow;
  notes: string | null;
  /** Kept for Lift modifier parts only. */
  inches: string | null;
}

/**
 * Edit Notes of a sub-part. Associated parts: PUT .../update-subpart-assoc-notes/{lineId}
 * {parentId, rowId, notes}; modifier parts: PUT .../update-subpart-mod-notes/{lineId}
 * {parentId, rowId, notes, inches} (quotes: update-subquote-...).
 */
export function updateSubPartNotes(kind: DocumentKind, lineId: number, { row, notes, inches }: SubPartNotes) {
  const info = KIND_INFO[kind];
  if (row.source === 'MOD') {
    return api.put<SubPartRow>(`${info.parts}/${info.modNotes}/${lineId}`, {
      parentId: lineId,
      rowId: row.rowId,
      notes,
      inches,
    });
  }
  return api.put<SubPartRow>(`${info.parts}/${info.assocNotes}/${lineId}`, {
    parentId: lineId,
    rowId: row.rowId,
    notes,
  });
}

export function useUpdateSubPartNotes(kind: DocumentKind, lineId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubPartNotes) => updateSubPartNotes(kind, lineId, input),
    onSuccess: (saved) => {
      queryClient.setQueryData<SubPartRow[]>(documentKeys.subParts(kind, lineId), (rows) =>
        rows?.map((r) => (r.rowId === saved.rowId ? saved : r)),
      );
      // A modifier part's notes are its applied modifier's notes too.
      if (saved.source === 'MOD') {
        return queryClient.invalidateQueries({ queryKey: documentKeys.appliedModifiers(kind, lineId) });
      }
    },
  });
}
