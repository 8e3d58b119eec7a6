/**
 * renderPdf keeps parsed fonts, word layouts and glyph data per thread and draws text without
 * pdfkit's line wrapper where it can (pdfkit-fast.ts): a document renders to the same bytes as
 * pdfkit alone would make, whatever was rendered before it in the same thread (creation date
 * and id aside).
 */
import { inflateSync } from 'node:zlib';
import type { PrintableDocument } from '@desk/domain';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { ContentBytes, fastText, useFont } from '../src/modules/printing/pdfkit-fast.js';
import { FONTS, renderPdf } from '../src/modules/printing/render-pdf.js';

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

/**
 * stable(), with every deflated stream inflated: the fast renderer deflates the pages' content at
 * another level than pdfkit.
 */
function inflated(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const head = /\/Length (\d+)\n\/Filter \/FlateDecode\n>>\nstream\n/g;
  let out = '';
  let from = 0;
  for (let m = head.exec(text); m; m = head.exec(text)) {
    const start = m.index + m[0].length;
    const end = start + Number(m[1]);
    out += `${text.slice(from, m.index)}/FlateDecode stream ${inflateSync(pdf.subarray(start, end)).toString('latin1')}`;
    from = end;
    head.lastIndex = end;
  }
  // Where each object starts moves with the lengths of the streams before it.
  return stable(Buffer.from(out + text.slice(from), 'latin1'))
    .replace(/\d{10} 00000 n /g, '')
    .replace(/startxref\n\d+/, '');
}

describe('renderPdf in one thread', () => {
  it('renders a document the same after other documents shared its fonts and word layouts', async () => {
    const first = await renderPdf(doc(30, 'Job A'));
    await renderPdf(doc(5, 'Another job with other words: Zebra Quartz', true));
    await renderPdf(doc(60, 'Job C'));
    const again = await renderPdf(doc(30, 'Job A'));
    expect(stable(again)).toBe(stable(first));
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('renders the same PDF as pdfkit alone (the same bytes, streams inflated)', async () => {
    const long = 'Torsion spring 0.250 x 2 x 32 LH oil-tempered, R-16 insulated steel/aluminum panel (ivory)';
    const wide = doc(25, 'Wrapped texts: “quotes”, e\u0301 and n\u0303 (combining marks), ½ — and more');
    wide.specialInstructions = `${long}\nSecond paragraph: deliver to the side gate, call first. ${long}`;
    wide.terms = Array.from({ length: 60 }, (_, i) => `Term ${i + 1}: ${long}.`).join(' ');
    wide.lines = wide.lines.map((l, i) => ({
      ...l,
      itemNo: i % 4 === 0 ? `LONG-ITEM-NUMBER-${i}-WWWWWWWWWW` : l.itemNo,
      itemDescription: [long, '', null, `Insulated steel sectional door package ${i} with windows`][i % 4]!,
      subParts: [
        ...l.subParts,
        ...Array.from({ length: i % 7 }, (_, j) => ({
          ...l.subParts[0]!,
          itemNo: `SP-${i}-${j}`,
          itemDescription: j % 2 ? long : 'Tracks, springs and hardware for a high-lift door, 12 ga',
          notes: j % 3 ? null : 'Left hand  wound; two  spaces\nand a second line',
          fromModifier: j % 2 === 0,
          liftNotes: [],
        })),
      ],
    }));
    for (const d of [doc(60, 'Job A'), doc(7, 'Job B', true), wide, { ...wide, noPricePrint: true }]) {
      expect(inflated(await renderPdf(d))).toBe(inflated(await renderPdf(d, { plain: true })));
    }
  });
});

describe('fastText', () => {
  it('draws and measures texts as pdf.text and pdf.heightOfString do', async () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T>(a: T[]) => a[Math.floor(random() * a.length)]!;
    const words = ['door', 'insulated', '12x14', 'WWWWWWWW', 'AV', 'To', "L'", '#2807', 'ga,', 'galv.', 'lift:', 'a.b'];
    words.push('verylongwordthatmustbebrokeninsideWWWWWWWWWWWWWWWWWWWW', 'R-16', 'steel/alum', '(ivory)', 'e\u0301te');
    // Pairs kerned across a break after a hyphen or a slash: "P-T-Y" is narrower whole than in words.
    words.push('L”', 'P-T-Y-V', 'W-A/L/T/Y/V', 'T-Yo/Va');
    const separators = [' ', ' ', ' ', '  ', '\n', ' \n', '-', '/'];
    // Widths at the edge of a line: what a word-prefix of the text measures, give or take a little.
    const measure = new PDFDocument({ size: 'LETTER', font: null as unknown as string });
    measure.registerFont('regular', FONTS.regular).registerFont('bold', FONTS.bold);
    const edges = [-0.01, -1e-9, 0, 1e-9, 0.01, 0.5, 1, 2, 3, 4, 5];
    const cases = Array.from({ length: 3000 }, () => {
      let text = Array.from({ length: 1 + Math.floor(random() * 12) }, () => pick(words) + pick(separators)).join('');
      text = random() < 0.7 ? text.trimEnd() : text;
      if (random() < 0.03) text = ` ${text}`;
      const font = pick(['regular', 'bold']);
      const size = pick([8, 8.5, 9, 10, 12, 18]);
      const para = pick(text.split('\n'));
      const prefix = para.slice(
        0,
        Math.max(1, random() < 0.5 ? para.length : para.lastIndexOf(' ', random() * para.length)),
      );
      const width =
        random() < 0.3 ? 5 + random() * 300 : measure.font(font).fontSize(size).widthOfString(prefix) + pick(edges);
      return {
        text,
        font,
        size,
        width,
        align: pick([undefined, 'right' as const]),
        x: 40 + random() * 100,
        y: 40 + random() * 700,
      };
    });
    const draw = (fast: boolean) =>
      new Promise<{ pdf: string; at: number[] }>((resolve) => {
        const pdf = new PDFDocument({ size: 'LETTER', bufferPages: true, font: null as unknown as string });
        const chunks: Buffer[] = [];
        pdf.on('data', (c: Buffer) => chunks.push(c));
        pdf.on('end', () => resolve({ pdf: stable(Buffer.concat(chunks)), at }));
        useFont(pdf, 'bold', FONTS.bold);
        useFont(pdf, 'regular', FONTS.regular);
        const text = fastText(pdf);
        const at: number[] = [];
        for (const c of cases) {
          pdf.font(c.font).fontSize(c.size);
          at.push(fast ? text.heightOf(c.text, c.width) : pdf.heightOfString(c.text, { width: c.width }));
          if (fast) text.cell(c.text, c.x, c.y, c.width, c.align);
          else pdf.text(c.text, c.x, c.y, c.align ? { width: c.width, align: c.align } : { width: c.width });
          at.push(pdf.x, pdf.y);
        }
        text.finish();
        pdf.end();
      });
    const [plain, fast] = [await draw(false), await draw(true)];
    expect(fast.at).toEqual(plain.at);
    expect(fast.pdf === plain.pdf).toBe(true);
  });
});

describe('pdfkit-fast', () => {
  it('encodes a font subset as fontkit does', () => {
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    interface Subset {
      includeGlyph(id: number): number;
      encode(): Uint8Array;
    }
    for (let round = 0; round < 24; round++) {
      const pdf = new PDFDocument({ font: null as unknown as string });
      const name = round % 2 ? 'bold' : 'regular';
      useFont(pdf, name, FONTS[name]);
      pdf.font(name);
      const font = (
        pdf as unknown as { _font: { subset: Subset; font: { numGlyphs: number; createSubset(): Subset } } }
      )._font;
      const fontkits = font.font.createSubset();
      // Letters, then glyphs from anywhere in the font (accented letters are made of others).
      const ids = Array.from({ length: 5 + round * 8 }, (_, i) =>
        i % 2 ? 36 + Math.floor(random() * 60) : Math.floor(random() * font.font.numGlyphs),
      );
      for (const id of ids) {
        font.subset.includeGlyph(id);
        fontkits.includeGlyph(id);
      }
      expect(Buffer.from(font.subset.encode()).equals(Buffer.from(fontkits.encode()))).toBe(true);
    }
  });

  it('writes numbers as pdfkit does', () => {
    const pdfkitNumber = (n: number) => String(Math.round(n * 1e6) / 1e6);
    let seed = 3;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const numbers = [
      0, -0, 1, -1, 0.5, 1e-7, 5e-7, -5e-7, 4.9999999e-7, 0.000001, 123.4567895, 792, 1e9, 2e15, -3.2e20,
    ];
    for (let i = 0; i < 20_000; i++) {
      const scale = 10 ** Math.floor(random() * 16 - 6);
      numbers.push((random() - 0.5) * scale, Math.round(random() * 1e6) / 1e6);
    }
    const out = new ContentBytes();
    for (const n of numbers) out.num(n).text(' ');
    expect(Buffer.from(out.view()).toString('latin1')).toBe(numbers.map((n) => `${pdfkitNumber(n)} `).join(''));
  });
});
