/**
 * The PDF worker pool (pdf-pool.ts): a worker starts on demand and ends after a time without
 * work, so an idle server does not keep its heap and parsed fonts; the next document starts one again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PdfPool } from '../src/modules/printing/pdf-pool.js';
import { printableDoc } from './printable-doc.js';

const doc = (jobName: string) => printableDoc(1, { jobName });

async function until(check: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
}

const pools: PdfPool[] = [];
afterEach(async () => {
  for (const p of pools.splice(0)) await p.close();
});

describe('PDF worker pool', () => {
  it('ends a worker after its idle time and starts one again for the next document', async () => {
    const pool = new PdfPool(1, 200);
    pools.push(pool);
    expect(pool.running).toBe(0);
    const first = await pool.render(doc('first'));
    expect(first.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pool.running).toBe(1);
    expect(await until(() => pool.running === 0, 10_000)).toBe(true);
    const second = await pool.render(doc('second'));
    expect(second.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pool.running).toBe(1);
  }, 30_000);

  it('keeps a worker while documents queue for it, however short the idle time', async () => {
    const pool = new PdfPool(1, 1);
    pools.push(pool);
    const pdfs = await Promise.all(Array.from({ length: 6 }, (_, i) => pool.render(doc(`job ${i}`))));
    for (const pdf of pdfs) expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await until(() => pool.running === 0, 10_000)).toBe(true);
  }, 30_000);
});
