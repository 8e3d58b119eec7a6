/** Find anything (docs/architecture.md section 13): every kind of record for one text, at once. */
import type { FindResult } from '@desk/domain';
import { ClockedService } from '../../lib/service.js';
import * as repo from './search.repository.js';

const join = (parts: Array<string | null | undefined>) =>
  parts.filter((p) => p !== null && p !== undefined && p !== '').join(' · ');

export class SearchService extends ClockedService {
  async find(q: string, limit: number): Promise<FindResult> {
    // The five reads go out together (PostgreSQL runs them on five pooled connections).
    const [customers, orders, quotes, products, vendorOrders] = await Promise.all([
      repo.customers(this.db, q, limit),
      repo.orders(this.db, q, limit),
      repo.quotes(this.db, q, limit),
      repo.products(this.db, q, limit),
      repo.vendorOrders(this.db, q, limit),
    ]);
    return {
      customers: customers.map((c) => ({
        id: c.id,
        title: c.name,
        subtitle: join([c.customer_no, c.contact_name, c.phone, c.email]),
      })),
      orders: orders.map((o) => ({
        id: o.id,
        title: join([`Order #${o.id}`, o.job_name]),
        subtitle: join([o.customer_name, o.po_number ? `PO ${o.po_number}` : null, o.status, o.date]),
      })),
      quotes: quotes.map((o) => ({
        id: o.id,
        title: join([`Quote #${o.number}${o.revision > 1 ? ` rev ${o.revision}` : ''}`, o.job_name]),
        subtitle: join([o.customer_name, o.po_number ? `PO ${o.po_number}` : null, o.status, o.date]),
      })),
      products: products.map((p) => ({ id: p.id, title: p.item_no, subtitle: p.item_description ?? '' })),
      vendorOrders: vendorOrders.map((v) => ({
        id: v.id,
        title: v.name,
        subtitle: join([v.status, v.estimated_arrival ? `expected ${v.estimated_arrival}` : null]),
      })),
    };
  }
}
