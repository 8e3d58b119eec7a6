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
