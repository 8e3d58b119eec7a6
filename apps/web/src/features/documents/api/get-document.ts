import type { DocumentHeader, DocumentKind } from '@desk/domain';
import { api } from '../../../lib/api-client';
import { useEditorQuery } from '../../../lib/editor-query';
import { KIND_INFO } from '../kinds';
import { documentKeys } from './query-keys';

/** GET /api/orders/{id} or /api/quotes/{id}: the header with its totals. */
export function getDocument(kind: DocumentKind, id: number, signal?: AbortSignal): Promise<DocumentHeader> {
  return api.get<DocumentHeader>(`${KIND_INFO[kind].base}/${id}`, signal ? { signal } : {});
}

/** One document for the editor; idle while `id` is null (create mode). */
export const useDocument = (kind: DocumentKind, id: number | null) =>
  useEditorQuery(documentKeys.detail(kind, id ?? 0), (signal) => getDocument(kind, id!, signal), {
    enabled: id !== null,
  });
