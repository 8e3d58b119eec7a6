import type { Customer, CustomerInput } from '@desk/domain';
import { api } from '../../../lib/api-client';
import { useSaveRecord } from '../../../lib/record-mutations';
import { customerKeys } from './query-keys';

export interface CreatedCustomer {
  customer: Customer;
  /** The server's message ('Customer created') for the 'Create succeeded' banner. */
  message: string;
}

/** POST /api/customers/create: answers 201 with the new customer (and its id). */
export async function createCustomer(input: CustomerInput): Promise<CreatedCustomer> {
  const { data: customer, message } = await api.request<Customer>('POST', '/api/customers/create', input);
  return { customer, message };
}

export function useCreateCustomer() {
  return useSaveRecord({
    mutationFn: createCustomer,
    record: ({ customer }) => customer,
    detailKey: customerKeys.detail,
    lists: [customerKeys.lists()],
  });
}
