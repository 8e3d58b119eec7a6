/**
 * Issue 36, defect 13: an emoji (a customer named with a door, 🚪) printed as an empty box: the
 * embedded DejaVu Sans has no glyph for it, and pdfkit draws its .notdef. Every character a clerk
 * can type now prints as something readable: what the font has, as itself; a character it lacks
 * (emoji, most pictographs) as its code point in brackets, '[U+1F6AA]', one bracket per emoji
 * however many code points make it (a family, a flag, a skin tone). Read back with pdftotext, and
 * every character on the page is checked against the font's own glyph table.
 */
import { createRequire } from 'node:module';
import type { PrintableDocument } from '@desk/domain';
import { describe, expect, it } from 'vitest';
import { FONTS, renderPdf } from '../src/modules/printing/render-pdf.js';
import { hasPdftotext, pdfText } from './pdf-text.js';
import { printableDoc } from './printable-doc.js';

const fontkit = createRequire(import.meta.url)('fontkit') as {
  openSync(file: string): { hasGlyphForCodePoint(cp: number): boolean };
};

const doc = (over: Partial<PrintableDocument> = {}): PrintableDocument =>
  printableDoc(0, {
    companyName: 'Sierra Doors ★',
    letterhead: ['1200 Industrial Way'],
    customer: {
      name: 'Door Co 🚪',
      customerNo: 'C-🔑7',
      contactName: 'Ana 👩🏽‍🔧',
      email: null,
      phone: null,
      street: ['12 Elm St 🏠'],
      shipTo: [],
    },
    jobName: 'Spring swap ❤️ for 👨‍👩‍👧 🇺🇸',
    specialInstructions: 'Call first ☎ — gate 🔒\nback lot',
    terms: null,
    lines: [
      {
        quantity: 1,
        itemNo: 'SPR-1',
        itemDescription: 'Torsion spring 🌀 Ünïcødé ✓',
        unitPrice: '10.00',
        linePrice: '10.00',
        charged: true,
        overridden: false,
        subParts: [],
      },
    ],
    totals: { subTotal: '10.00', taxLabel: 'Tax (7.25%)', tax: '0.73', total: '10.73', useTax: true },
    fileName: 'Door Co 🚪 - OrderID 41',
    ...over,
  });

describe.skipIf(!hasPdftotext)('characters the PDF font lacks (issue 36, defect 13)', () => {
  it('prints each emoji as its code point in brackets, and everything the font has as itself', async () => {
    const text = pdfText(await renderPdf(doc()));
    expect(text).toContain('Door Co [U+1F6AA]');
    expect(text).toContain('C-[U+1F511]7');
    expect(text).toContain('Ana [U+1F469 U+1F3FD U+1F527]');
    expect(text).toContain('12 Elm St [U+1F3E0]');
    // ❤ and ☎ and ★ and ✓ are in DejaVu Sans: printed as themselves (the emoji selector dropped).
    expect(text).toContain('Spring swap ❤ for [U+1F468 U+1F469 U+1F467] [U+1F1FA U+1F1F8]');
    expect(text).toContain('Call first ☎ — gate [U+1F512]');
    expect(text).toContain('Sierra Doors ★');
    expect(text).toContain('Torsion spring [U+1F300] Ünïcødé ✓');

    // Nothing on the page is a character the embedded fonts cannot draw (an empty box).
    for (const file of [FONTS.regular, FONTS.bold]) {
      const font = fontkit.openSync(file);
      const missing = [...text].filter((c) => c.trim() !== '' && !font.hasGlyphForCodePoint(c.codePointAt(0)!));
      expect(missing).toEqual([]);
    }
  });
});
