/** Customers: the rules (docs/product.md section 7, Customers; docs/architecture.md section 5). */
import type { Customer, CustomerInput } from '@desk/domain';
import type { Actor } from '../history/history.repository.js';
import { conflict } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
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

  /** Customer numbers are unique, case and surrounding spaces ignored (docs/decisions/023-unique-numbers.md). */
  override async create(input: CustomerInput, actor?: Actor): Promise<Customer> {
    return this.writingNumber(input.customerNo, undefined, () => super.create(input, actor));
  }

  override async update(id: number, input: CustomerInput, actor?: Actor): Promise<Customer> {
    await this.get(id); // A customer that is not there is a 404, whatever its number.
    return this.writingNumber(input.customerNo, id, () => super.update(id, input, actor));
  }

  /**
   * A write of a customer number: refused with a 409 naming the customer that has it. Two writes
   * of one number at once both pass the check; the database's unique index refuses the second,
   * which answers the same 409.
   */
  private async writingNumber<T>(customerNo: string | null, exceptId: number | undefined, write: () => Promise<T>) {
    if (!customerNo) return write();
    const taken = async () => {
      const holder = await repo.holderOfNumber(this.db, customerNo, exceptId);
      return holder ? numberTaken(customerNo, holder) : null;
    };
    const before = await taken();
    if (before) throw before;
    try {
      return await write();
    } catch (e) {
      if (!isUniqueViolation(e, { table: 'customers', columns: ['customer_no_key'] })) throw e;
      throw (await taken()) ?? conflict(`Customer No ${customerNo} is already used by another customer.`);
    }
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

/** The 409 of a customer number another customer has: "Customer No C-1001 is already used by Acme Doors (customer 3)." */
function numberTaken(customerNo: string, holder: { id: number; name: string }) {
  return conflict(`Customer No ${customerNo} is already used by ${holder.name} (customer ${holder.id}).`);
}
