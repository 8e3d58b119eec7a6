import type { AppliedModifier, DocumentKind } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { KIND_INFO } from '../kinds';
import { documentKeys } from './query-keys';

/** GET /api/{orders|quotes}/package-modifiers/{lineId}: the modifiers applied to a package line. */
export function listAppliedModifiers(kind: DocumentKind, lineId: number, signal?: AbortSignal) {
  return api.get<AppliedModifier[]>(`${KIND_INFO[kind].base}/package-modifiers/${lineId}`, signal ? { signal } : {});
}

export function useAppliedModifiers(kind: DocumentKind, lineId: number) {
  return useQuery({
    queryKey: documentKeys.appliedModifiers(kind, lineId),
    queryFn: ({ signal }) => listAppliedModifiers(kind, lineId, signal),
    refetchOnWindowFocus: false,
  });
}
