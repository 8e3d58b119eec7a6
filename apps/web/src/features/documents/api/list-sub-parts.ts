import type { DocumentKind, SubPartRow } from '@desk/domain';
import { api } from '../../../lib/api-client';
import { useEditorQuery } from '../../../lib/editor-query';
import { KIND_INFO } from '../kinds';
import { documentKeys } from './query-keys';

/** GET /api/{order|quote}-parts/sub-parts/{lineId}: associated parts first, then modifier parts. */
export function listSubParts(kind: DocumentKind, lineId: number, signal?: AbortSignal): Promise<SubPartRow[]> {
  return api.get<SubPartRow[]>(`${KIND_INFO[kind].parts}/sub-parts/${lineId}`, signal ? { signal } : {});
}

export const useSubParts = (kind: DocumentKind, lineId: number) =>
  useEditorQuery(documentKeys.subParts(kind, lineId), (signal) => listSubParts(kind, lineId, signal));
