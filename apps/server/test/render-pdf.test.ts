/**
 * renderPdf keeps parsed fonts and word layouts per thread (render-pdf.ts): a document renders to
 * the same bytes whatever was rendered before it in the same thread (creation date and id aside).
 */
import type { PrintableDocument } from '@desk/domain';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../src/modules/printing/render-pdf.js';

function doc(lines: number, jobName: string, noPricePrint = false): PrintableDocument {
  return {
    companyName: 'Sierra Overhead Door Supply',
    letterhead: ['1200 Industrial Way', 'Sacramento, CA 95815'],
    kind: 'order',
    number: 41,
    date: '2026-11-02',
    printedAt: '2026-11-02',
    status: 'Open',
    customer: {
      name: 'Hendricks Garage Doors',
      customerNo: 'C-100',
      contactName: null,
      email: null,
      phone: null,
      street: ['12 Elm St', 'Davis, CA 95616'],
      shipTo: [],
    },
    jobName,
    poNumber: null,
    specialInstructions: null,
    validUntil: null,
    terms: 'Returns within 30 days in original packaging.',
    lines: Array.from({ length: lines }, (_, i) => ({
      quantity: 1 + (i % 3),
      itemNo: `PKG-${1000 + i}`,
      itemDescription: `Insulated steel door package ${i}, 16x7 — Ünïcødé ✓`,
      unitPrice: '1,234.56',
      linePrice: '2,469.12',
      charged: true,
      overridden: i % 5 === 0,
      subParts: [
        {
          quantity: 1,
          itemNo: `SP-${i}`,
          itemDescription: 'Tracks, springs and hardware',
          notes: null,
          inches: '24',
          fromModifier: true,
          category: 'Lift',
          liftNotes: ['High lift'],
        },
      ],
    })),
    totals: { subTotal: '100.00', taxLabel: 'Tax (7.25%)', tax: '7.25', total: '107.25', useTax: true },
    noPricePrint,
    fileName: 'order-41.pdf',
  };
}

/** The bytes without what changes from run to run: the creation date and the file id. */
const stable = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d+Z\)/g, '')
    .replace(/\/ID \[[^\]]*\]/g, '');

describe('renderPdf in one thread', () => {
  it('renders a document the same after other documents shared its fonts and word layouts', async () => {
    const first = await renderPdf(doc(30, 'Job A'));
    await renderPdf(doc(5, 'Another job with other words: Zebra Quartz', true));
    await renderPdf(doc(60, 'Job C'));
    const again = await renderPdf(doc(30, 'Job A'));
    expect(stable(again)).toBe(stable(first));
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
