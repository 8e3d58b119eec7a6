import type { Customer } from '@desk/domain';
import { api } from '../../../lib/api-client';
import { useEditorQuery } from '../../../lib/editor-query';
import { customerOptionsQueryKey } from './query-keys';

/** GET /api/customers/: every customer, sorted by id, for the document's Customer dropdown. */
export function listCustomerOptions(signal?: AbortSignal): Promise<Customer[]> {
  return api.get<Customer[]>('/api/customers/', signal ? { signal } : {});
}

export const useCustomerOptions = () => useEditorQuery(customerOptionsQueryKey, listCustomerOptions);
