/**
 * renderPdf with pdfkit's documented API (docs/decisions/030-pdf-rendering.md): a document renders
 * to the same bytes whatever the thread rendered before it (creation date and id aside), and the
 * PDF embeds the two DejaVu fonts only (no standard font: Helvetica is never read).
 */
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../src/modules/printing/render-pdf.js';
import { doorLine, printableDoc } from './printable-doc.js';

/** The bytes without what changes from run to run: the creation date and the file id. */
const stable = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d+Z\)/g, '')
    .replace(/\/ID \[[^\]]*\]/g, '');

describe('renderPdf', () => {
  it('renders a document the same after other documents in the same thread', async () => {
    const first = await renderPdf(printableDoc(30, { jobName: 'Job A' }));
    await renderPdf(printableDoc(5, { jobName: 'Another job with other words: Zebra Quartz', noPricePrint: true }));
    await renderPdf(printableDoc(60, { jobName: 'Job C' }));
    const again = await renderPdf(printableDoc(30, { jobName: 'Job A' }));
    expect(stable(again)).toBe(stable(first));
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('embeds subsets of DejaVu Sans and DejaVu Sans Bold, and no other font', async () => {
    const long = 'Torsion spring 0.250 x 2 x 32 LH oil-tempered, R-16 insulated steel/aluminum panel (ivory)';
    const pdf = await renderPdf(
      printableDoc(25, {
        jobName: 'Wrapped texts: “quotes”, e\u0301 and n\u0303 (combining marks), ½ — and more',
        specialInstructions: `${long}\nSecond paragraph: deliver to the side gate, call first. ${long}`,
        lines: Array.from({ length: 25 }, (_, i) => ({ ...doorLine(i), itemDescription: long })),
      }),
    );
    const text = pdf.toString('latin1');
    // Each embedded font names itself twice: its Type0 font and its descendant CID font.
    const fonts = [...text.matchAll(/\/BaseFont \/([A-Z]{6}\+)?([\w-]+)/g)].map((m) => m[2]).sort();
    expect(fonts).toEqual(['DejaVuSans', 'DejaVuSans', 'DejaVuSans-Bold', 'DejaVuSans-Bold']);
    expect(text).not.toContain('Helvetica');
    // Every page's content is deflated (pdfkit's compress option, on by default) and reads back.
    const head = /\/Length (\d+)\n\/Filter \/FlateDecode\n>>\nstream\n/g;
    let streams = 0;
    for (let m = head.exec(text); m; m = head.exec(text), streams++) {
      const start = m.index + m[0].length;
      expect(inflateSync(pdf.subarray(start, start + Number(m[1]))).length).toBeGreaterThan(0);
    }
    expect(streams).toBeGreaterThan(Number(/\/Count (\d+)/.exec(text)![1]));
  });
});
