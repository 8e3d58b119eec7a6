/** Customers: the rules (docs/product.md section 7, Customers; docs/architecture.md section 5). */
import type { Customer, CustomerInput } from '@desk/domain';
import { conflict, found } from '../../lib/errors.js';
import type { ListQuery } from '../../lib/paging.js';
import { plural, updateVersioned, type Db } from '../../lib/sql.js';
import { ClockedService } from '../../lib/service.js';
import * as repo from './customers.repository.js';

export class CustomersService extends ClockedService {
  list(): Promise<Customer[]> {
    return repo.listAll(this.db);
  }

  page(query: ListQuery) {
    return repo.listPage(this.db, query);
  }

  search(text: string): Promise<Customer[]> {
    return repo.search(this.db, text);
  }

  async get(id: number, db: Db = this.db): Promise<Customer> {
    return found(await repo.findById(db, id), `Customer ${id} does not exist.`);
  }

  async create(input: CustomerInput): Promise<Customer> {
    return this.get(await repo.insert(this.db, input, this.now()));
  }

  async update(id: number, input: CustomerInput): Promise<Customer> {
    await updateVersioned(this.db, 'customers', id, input.version, repo.customerValues(input), this.now());
    return this.get(id);
  }

  /** Refused while orders or quotes point at the customer; the check and the delete share a transaction. */
  async remove(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const customer = await this.get(id, trx);
      const used = await repo.usage(trx, id);
      if (used.orders || used.quotes) {
        const what = [used.orders ? plural(used.orders, 'order') : '', used.quotes ? plural(used.quotes, 'quote') : '']
          .filter(Boolean)
          .join(' and ');
        throw conflict(`Customer ${customer.name} (id ${id}) has ${what}, so it cannot be deleted.`);
      }
      await repo.remove(trx, id);
    });
  }
}
