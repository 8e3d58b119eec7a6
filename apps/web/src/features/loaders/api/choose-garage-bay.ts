import type { PickupOrder } from '@desk/domain';
import { putPickupRows, usePickupSave } from './pickup-save';

/**
 * PUT /api/orders/chooseGarageBayOrder ('Choose Garage Bay'): saves bay assignments only; an
 * order moved to another bay stops being a current load. In Bay ticks are not saved.
 */
export function chooseGarageBay(rows: PickupOrder[]): Promise<PickupOrder[]> {
  return putPickupRows('/api/orders/chooseGarageBayOrder', rows);
}

export const useChooseGarageBay = () => usePickupSave(chooseGarageBay);
