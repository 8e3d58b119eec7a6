import type { AppliedModifier, DocumentKind } from '@desk/domain';
import { api } from '../../../lib/api-client';
import { useEditorQuery } from '../../../lib/editor-query';
import { KIND_INFO } from '../kinds';
import { documentKeys } from './query-keys';

/** GET /api/{orders|quotes}/package-modifiers/{lineId}: the modifiers applied to a package line. */
export function listAppliedModifiers(kind: DocumentKind, lineId: number, signal?: AbortSignal) {
  return api.get<AppliedModifier[]>(`${KIND_INFO[kind].base}/package-modifiers/${lineId}`, signal ? { signal } : {});
}

export const useAppliedModifiers = (kind: DocumentKind, lineId: number) =>
  useEditorQuery(documentKeys.appliedModifiers(kind, lineId), (signal) => listAppliedModifiers(kind, lineId, signal));
