/**
 * Reading the change history of an order, a quote, a customer or a product (docs/architecture.md
 * section 9). The writers record through history.repository's insertChangeRows in their own
 * transactions; this service only reads.
 */
import type { HistoryItem, HistorySubject, Page } from '@desk/domain';
import { notFound } from '../../lib/errors.js';
import { ClockedService } from '../../lib/service.js';
import { hasHistory, historyPage } from './history.repository.js';

const TABLES = {
  order: 'orders',
  quote: 'quotes',
  customer: 'customers',
  product: 'products',
  'vendor-order': 'vendor_orders',
} as const;
const LABELS = {
  order: 'Order',
  quote: 'Quote',
  customer: 'Customer',
  product: 'Product',
  'vendor-order': 'Vendor order',
} as const;

export class HistoryService extends ClockedService {
  /**
   * Newest first. A subject that no longer exists still answers the history it had (a deleted
   * order's records are kept); one that never existed is a 404.
   */
  async page(subject: HistorySubject, id: number, page: number, size: number): Promise<Page<HistoryItem>> {
    const exists = await this.db.selectFrom(TABLES[subject]).select('id').where('id', '=', id).executeTakeFirst();
    if (!exists && !(await hasHistory(this.db, subject, id)))
      throw notFound(`${LABELS[subject]} ${id} does not exist.`);
    return historyPage(this.db, subject, id, page, size);
  }
}
