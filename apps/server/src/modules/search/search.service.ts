/** Find anything (docs/architecture.md section 13): every kind of record for one text, at once. */
import {
  MULTIPLIER_SCALE,
  multiplierFromScaled,
  priceLine,
  quoteNumberText,
  type DocumentMultipliers,
  type FindResult,
  type ProductPrices,
} from '@desk/domain';
import { notFound } from '../../lib/errors.js';
import { ClockedService } from '../../lib/service.js';
import * as prices from './prices.repository.js';
import * as repo from './search.repository.js';

/** The list price: every category multiplied by 1. */
const LIST: DocumentMultipliers = {
  opener: MULTIPLIER_SCALE,
  residential: MULTIPLIER_SCALE,
  sectional: MULTIPLIER_SCALE,
  commercial: MULTIPLIER_SCALE,
};

export interface PriceQuery {
  products?: number[] | undefined;
  customer?: number | undefined;
  order?: number | undefined;
  quote?: number | undefined;
}

const join = (parts: Array<string | null | undefined>) =>
  parts.filter((p) => p !== null && p !== undefined && p !== '').join(' · ');

/** An order or a quote as Find shows it: "Quote #16 rev 2 · Lakeside shed". */
function documentHit(noun: string, d: repo.DocumentHit) {
  return {
    id: d.id,
    title: join([`${noun} #${quoteNumberText(d.number, d.revision)}`, d.job_name]),
    subtitle: join([d.customer_name, d.po_number ? `PO ${d.po_number}` : null, d.status, d.date]),
  };
}

/** Pages one merge step writes at most: about 10 ms of SQLite's one connection at 100,000 orders. */
const MERGE_PAGES = 16;

export class SearchService extends ClockedService {
  private compacting: Promise<number> | null = null;
  /** The run that follows the one under way, for the calls made during it. */
  private following: Promise<number> | null = null;
  private stopped = false;

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

  /**
   * Staff look up a price (GET /api/search/prices): each product priced by the one pricer as one
   * unit on a line without override or modifiers, with the customer's multipliers, or an order's
   * or a quote's copies of them (what its cart prices a new line with), or 1 for the list price.
   * A package's price is its unit price; a part's is wholesale x its category's multiplier, what
   * a line of it costs when it is charged.
   */
  async prices(query: PriceQuery): Promise<ProductPrices> {
    let pricer: prices.Pricer | undefined;
    let document: ProductPrices['document'] = null;
    if (query.customer !== undefined) {
      pricer = await prices.customer(this.db, query.customer);
      if (!pricer) throw notFound(`There is no customer ${query.customer}.`);
    } else if (query.order !== undefined || query.quote !== undefined) {
      const kind = query.order !== undefined ? 'order' : 'quote';
      const id = (query.order ?? query.quote)!;
      pricer = await prices.document(this.db, kind === 'order' ? 'orders' : 'quotes', id);
      if (!pricer) throw notFound(`There is no ${kind} ${id}.`);
      document = { kind, id };
    }
    const multipliers = pricer?.multipliers ?? LIST;
    const rows = await prices.products(this.db, query.products);
    return {
      customer: pricer?.customer ?? null,
      document,
      items: rows.map((r) => {
        const price = priceLine(
          {
            quantity: 1,
            priceOverrideCents: null,
            wholesalePriceCents: r.wholesale_price,
            multiplierCategory: r.multiplier_category,
            productTypeName: r.type_name,
            modifiers: [],
          },
          multipliers,
        );
        return {
          productId: r.id,
          itemNo: r.item_no,
          isPackage: price.isPackage,
          baseCents: r.wholesale_price,
          multiplierCategory: r.multiplier_category,
          multiplier: multiplierFromScaled(price.multiplier),
          priceCents: price.unitPriceCents,
        };
      }),
    };
  }

  /**
   * SQLite: every FTS5 index merged into one b-tree, in steps of a few pages with the event loop
   * free between them (docs/architecture.md section 13). Each write adds a small b-tree to an
   * index and each update or delete a tombstone; FTS5 merges them only by fours as they come, so
   * an index grows dozens of b-trees, and a search looks each of its trigrams up in every one:
   * 'garage' took 1.8 ms of SQL at 100,000 orders as the bulk load left them, 0.75 ms merged.
   * The server runs it at start, every 15 minutes and after an import. A call made while one
   * runs gets one more run after it (the run under way may have passed the index the caller's
   * writes went to), shared by every call made meanwhile: two runs at most, however many ask.
   * Answers the number of steps that did work (0: already compact, or PostgreSQL).
   */
  compactIndexes(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    if (this.compacting) {
      this.following ??= this.compacting
        .catch(() => {})
        .then(() => {
          this.following = null;
          return this.compactIndexes();
        });
      return this.following;
    }
    this.compacting = this.compact().finally(() => {
      this.compacting = null;
    });
    return this.compacting;
  }

  private async compact(): Promise<number> {
    let worked = 0;
    for (const index of await repo.ftsIndexes(this.db)) {
      // About two rewrites of the index as it stands at most. Each write made during the run adds
      // a b-tree that the next step would fold into the big one, so while clerks keep writing
      // every step has work: without a bound a run went on for as long as the writes did (a
      // quarter of SQLite's time on the write bench). What is left waits for the next run.
      const budget = 2 * Math.ceil((await repo.indexPages(this.db, index)) / MERGE_PAGES) + 2;
      for (let step = 0; step < budget && !this.stopped; step++) {
        if (!(await repo.mergeStep(this.db, index, MERGE_PAGES))) break;
        worked++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    return worked;
  }

  /** No more compaction: one under way ends after its current step (the server is closing). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.compacting?.catch(() => {});
    await this.following?.catch(() => {});
  }
}
