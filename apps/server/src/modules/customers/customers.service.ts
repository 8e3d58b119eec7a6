/** Customers: the rules (docs/product.md section 7, Customers; docs/architecture.md section 5). */
import type { Customer, CustomerInput } from '@desk/domain';
import type { Actor } from '../history/history.repository.js';
import { conflict } from '../../lib/errors.js';
import { plural } from '../../lib/sql.js';
import { RecordService } from '../../lib/service.js';
import * as repo from './customers.repository.js';

export class CustomersService extends RecordService<Customer, CustomerInput> {
  protected readonly table = 'customers';
  protected readonly records = { ...repo, values: repo.customerValues };
  protected override readonly historySubject = 'customer' as const;

  protected override describe(c: Customer): string {
    return c.customerNo ? `${c.customerNo} ${c.name}` : c.name;
  }

  search(text: string): Promise<Customer[]> {
    return repo.search(this.db, text);
  }

  /** Refused while orders or quotes point at the customer; the check and the delete share a transaction. */
  async remove(id: number, actor?: Actor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const customer = await this.get(id, trx);
      const used = await repo.usage(trx, id);
      if (used.orders || used.quotes) {
        const what = [used.orders ? plural(used.orders, 'order') : '', used.quotes ? plural(used.quotes, 'quote') : '']
          .filter(Boolean)
          .join(' and ');
        throw conflict(`Customer ${customer.name} (id ${id}) has ${what}, so it cannot be deleted.`);
      }
      await this.record(trx, actor, id, [{ action: 'deleted', from: this.describe(customer) }]);
      await repo.remove(trx, id);
    });
  }
}
