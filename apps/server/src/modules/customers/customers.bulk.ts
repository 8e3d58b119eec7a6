/**
 * Many customers in one go, for the large data set (cli/large-data.ts): each input is checked
 * by the same schema as customers/create and stored through the repository's customerValues, so
 * a bulk customer is the row a clerk's form would make. The caller chooses the ids.
 */
import { customerInputSchema, type CustomerInput } from '@desk/domain';
import type { BulkWriter } from '../../db/bulk-writer.js';
import { customerValues } from './customers.repository.js';

export interface BulkCustomer {
  id: number;
  /** A customers/create body. */
  input: Record<string, unknown>;
  createdAt: string;
}

export async function bulkInsertCustomers(w: BulkWriter, customers: readonly BulkCustomer[]): Promise<number> {
  return w.insertRecords(
    'customers',
    customers.map((c) => {
      const input: CustomerInput = customerInputSchema.parse(c.input);
      return { id: c.id, ...customerValues(input), created_at: c.createdAt, updated_at: c.createdAt };
    }),
  );
}
