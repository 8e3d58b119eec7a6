/**
 * A PrintableDocument for the renderer's tests (render-pdf, pdf-pool, pdf-emoji): an order of
 * Sierra Overhead Door Supply with `lines` door-package lines, each with a Lift sub-part, and
 * whatever `over` replaces.
 */
import type { PrintableDocument } from '@desk/domain';

type Line = PrintableDocument['lines'][number];

/** Door-package line `i`: the quantity, item number and prices vary a little from line to line. */
export const doorLine = (i: number): Line => ({
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
});

export function printableDoc(lines: number, over: Partial<PrintableDocument> = {}): PrintableDocument {
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
    jobName: 'Garage doors',
    poNumber: null,
    specialInstructions: null,
    validUntil: null,
    terms: 'Returns within 30 days in original packaging.',
    lines: Array.from({ length: lines }, (_, i) => doorLine(i)),
    totals: { subTotal: '100.00', taxLabel: 'Tax (7.25%)', tax: '7.25', total: '107.25', useTax: true },
    noPricePrint: false,
    fileName: 'order-41.pdf',
    ...over,
  };
}
