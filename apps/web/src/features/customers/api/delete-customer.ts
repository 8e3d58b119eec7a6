import { api } from '../../../lib/api-client';
import { useDeleteRecord } from '../../../lib/record-mutations';
import { customerQueries } from './query-keys';

/** DELETE /api/customers/delete/{id}; 409 with the reason when the customer has orders or quotes. */
export function deleteCustomer(id: number): Promise<null> {
  return api.delete<null>(`/api/customers/delete/${id}`);
}

export function useDeleteCustomer() {
  return useDeleteRecord({ mutationFn: deleteCustomer, ...customerQueries() });
}
