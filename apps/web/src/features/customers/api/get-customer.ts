import type { Customer } from '@desk/domain';
import { api } from '../../../lib/api-client';
import { useRecordQuery } from '../../../lib/editor-query';
import { customerKeys } from './query-keys';

/** GET /api/customers/{id}. */
export function getCustomer(id: number, signal?: AbortSignal): Promise<Customer> {
  return api.get<Customer>(`/api/customers/${id}`, { signal });
}

/** One Customer for its editor (idle in create mode; not re-read on window focus). */
export const useCustomer = (id: number | null) => useRecordQuery(customerKeys.detail, getCustomer, id);
