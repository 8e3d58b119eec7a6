import type { PickupOrder } from '@desk/domain';
import { putPickupRows, usePickupSave } from './pickup-save';

/**
 * PUT /api/orders/updateChosenJob ('Place in Bay'): saves every row's bay and In Bay (current
 * load) flag in one transaction; 409 when two orders would be one bay's current load.
 */
export function updateChosenJob(rows: PickupOrder[]): Promise<PickupOrder[]> {
  return putPickupRows('/api/orders/updateChosenJob', rows);
}

export const useUpdateChosenJob = () => usePickupSave(updateChosenJob);
