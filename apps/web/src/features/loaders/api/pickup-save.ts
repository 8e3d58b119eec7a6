import type { PickupOrder } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshYard } from './query-keys';
import { YARD_REQUEST } from './request-limits';

/** A Grid Manager save: PUTs the rows, answers them as saved. */
export function putPickupRows(path: string, rows: PickupOrder[]): Promise<PickupOrder[]> {
  return api.put<PickupOrder[]>(path, rows, YARD_REQUEST);
}

/** The mutation of a Grid Manager save; a bay's pick list follows its current load, so every bay is asked again too. */
export function usePickupSave(mutationFn: (rows: PickupOrder[]) => Promise<PickupOrder[]>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshYard(queryClient) });
}
