import type { DocumentKind, SubPartRow } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { KIND_INFO } from '../kinds';
import { documentKeys } from './query-keys';

/** GET /api/{order|quote}-parts/sub-parts/{lineId}: associated parts first, then modifier parts. */
export function listSubParts(kind: DocumentKind, lineId: number, signal?: AbortSignal): Promise<SubPartRow[]> {
  return api.get<SubPartRow[]>(`${KIND_INFO[kind].parts}/sub-parts/${lineId}`, signal ? { signal } : {});
}

export function useSubParts(kind: DocumentKind, lineId: number) {
  return useQuery({
    queryKey: documentKeys.subParts(kind, lineId),
    queryFn: ({ signal }) => listSubParts(kind, lineId, signal),
    refetchOnWindowFocus: false,
  });
}
