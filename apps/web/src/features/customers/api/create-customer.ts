import type { Customer, CustomerInput } from '@desk/domain';
import { createRecord, createdRecord, useSaveRecord } from '../../../lib/record-mutations';
import { customerQueries } from './query-keys';

/** POST /api/customers/create: answers 201 with the new record (and its id) and the 'created' message. */
export const createCustomer = (input: CustomerInput) => createRecord<Customer>('/api/customers/create', input);

export function useCreateCustomer() {
  return useSaveRecord({
    mutationFn: createCustomer,
    record: createdRecord,
    ...customerQueries(),
  });
}
