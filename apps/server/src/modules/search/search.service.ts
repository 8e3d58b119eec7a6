/** Find anything (docs/architecture.md section 13): every kind of record for one text, at once. */
import type { FindResult } from '@desk/domain';
import { ClockedService } from '../../lib/service.js';
import * as repo from './search.repository.js';

const join = (parts: Array<string | null | undefined>) =>
  parts.filter((p) => p !== null && p !== undefined && p !== '').join(' · ');

/** An order or a quote as Find shows it: "Quote #16 rev 2 · Lakeside shed". */
function documentHit(noun: string, d: repo.DocumentHit) {
  return {
    id: d.id,
    title: join([`${noun} #${d.number}${d.revision > 1 ? ` rev ${d.revision}` : ''}`, d.job_name]),
    subtitle: join([d.customer_name, d.po_number ? `PO ${d.po_number}` : null, d.status, d.date]),
  };
}

export class SearchService extends ClockedService {
  async find(q: string, limit: number): Promise<FindResult> {
    // One statement for the five kinds (search.repository.ts).
    const { customers, orders, quotes, products, vendorOrders } = await repo.find(this.db, q, limit);
    return {
      customers: customers.map((c) => ({
        id: c.id,
        title: c.name,
        subtitle: join([c.customer_no, c.contact_name, c.phone, c.email]),
      })),
      orders: orders.map((o) => documentHit('Order', o)),
      quotes: quotes.map((o) => documentHit('Quote', o)),
      products: products.map((p) => ({ id: p.id, title: p.item_no, subtitle: p.item_description ?? '' })),
      vendorOrders: vendorOrders.map((v) => ({
        id: v.id,
        title: v.name,
        subtitle: join([v.status, v.estimated_arrival ? `expected ${v.estimated_arrival}` : null]),
      })),
    };
  }
}
