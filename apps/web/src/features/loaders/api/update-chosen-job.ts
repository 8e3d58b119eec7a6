import type { PickupOrder } from '@desk/domain';
import { putPickupRows, usePickupSave } from './pickup-save';

/**
 * PUT /api/orders/updateChosenJob ('Place in Bay'): saves every row's bay and In Bay (current
 * load) flag in one transaction; 409 when two orders would be one bay's current load. It asks
 * first (409 whose data are PlacementQuestions) before replacing a bay's load or loading an order
 * waiting on a vendor order; sent again with `replaces` / `waitingConfirmed` and `tellCustomer`
 * on those rows, it is done.
 */
export function updateChosenJob(rows: PickupOrder[]): Promise<PickupOrder[]> {
  return putPickupRows('/api/orders/updateChosenJob', rows);
}

export const useUpdateChosenJob = () => usePickupSave(updateChosenJob);
