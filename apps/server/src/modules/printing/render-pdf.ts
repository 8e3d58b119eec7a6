/**
 * Renders a PrintableDocument to PDF with pdfkit and an embedded DejaVu Sans (the npm package
 * dejavu-fonts-ttf ships it), so every character of the company's text prints. Pure: no
 * database, no clock; run in a worker thread by pdf-pool.ts. pdfkit's documented API only
 * (docs/decisions/030-pdf-rendering.md): both DejaVu faces are registered from their bytes,
 * prepared once per thread (font-files.ts), and selected by their registered names; pdfkit lays
 * out, wraps, subsets and compresses.
 */
import { documentNumberText, type PrintableDocument } from '@desk/domain';
import { drawCode128 } from './barcode.js';
import { FONT_FILES } from './font-files.js';
import { BOLD, MARGINS, REGULAR, columnStarts, drawable, letterPdf } from './page-layout.js';

/** The package's font files: the faces the PDF embeds. */
export const FONTS = FONT_FILES;

const GREY = '#555555';
const LIGHT = '#e9ecef';
const ACCENT = '#1f3a5f';

const FOOTER_FROM_BOTTOM = 35;

export function renderPdf(typed: PrintableDocument): Promise<Buffer> {
  const doc = drawable(typed);
  return new Promise((resolve, reject) => {
    const title = `${doc.pickTicket ? 'Pick Ticket' : doc.kind === 'order' ? 'Order' : 'Quote'} ${documentNumberText(doc)}`;
    const pdf = letterPdf(
      { Title: `${doc.companyName} - ${title}`, Author: doc.companyName, Subject: doc.fileName },
      resolve,
      reject,
    );
    pdf.font(REGULAR);
    /** pdf.text in a cell `width` wide, wrapped, aligned left or right. */
    const cell = (text: string, x: number, y: number, width: number, align?: 'right') =>
      pdf.text(text, x, y, align ? { width, align } : { width });
    const heightOf = (text: string, width: number) => pdf.heightOfString(text, { width });

    const left = MARGINS.left;
    const width = pdf.page.width - left - MARGINS.right;
    const bottom = () => pdf.page.height - MARGINS.bottom;
    // Height of a wrapped cell; a one-line text (the common case) needs no layout pass.
    const cellHeight = (text: string, w: number, lineHeight: number) =>
      !text.includes('\n') && pdf.widthOfString(text) <= w ? lineHeight : heightOf(text, w);

    // Letterhead (left) and the document's title and dates (right)
    pdf.font(BOLD).fontSize(18).fillColor(ACCENT);
    cell(doc.companyName, left, MARGINS.top, width * 0.6);
    pdf.font(REGULAR).fontSize(9).fillColor(GREY);
    for (const l of doc.letterhead) cell(l, left, pdf.y, width * 0.6);
    const leftEnd = pdf.y;
    pdf.font(BOLD).fontSize(16).fillColor('#000');
    cell(title.toUpperCase(), left + width * 0.6, MARGINS.top, width * 0.4, 'right');
    pdf.font(REGULAR).fontSize(9).fillColor(GREY);
    const right = (text: string) => cell(text, left + width * 0.6, pdf.y, width * 0.4, 'right');
    pdf.y = MARGINS.top + 22;
    right(`${doc.kind === 'order' ? 'Order date' : 'Quote date'}: ${doc.date}`);
    if (doc.validUntil) {
      pdf.font(BOLD).fillColor('#000');
      right(`Valid until ${doc.validUntil}`);
      pdf.font(REGULAR).fillColor(GREY);
    }
    right(`Printed: ${doc.printedAt}`);
    if (doc.status) right(`Status: ${doc.status}`);
    // The pick ticket (an order printed without prices) carries the order number as a barcode,
    // which the Loading Grid's scan field reads to find the order's bay.
    if (doc.kind === 'order' && doc.noPricePrint) {
      const top = pdf.y + 6;
      drawCode128(pdf, String(doc.number), left + width, top);
      pdf.y = top + 34;
      pdf.font(REGULAR).fontSize(8).fillColor(GREY);
      right(String(doc.number));
    }
    let y = Math.max(pdf.y, leftEnd, 100) + 8;
    pdf
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(1)
      .strokeColor(ACCENT)
      .stroke();
    y += 10;

    // Customer and job
    const col = width / 3;
    const block = (x: number, heading: string, lines: string[]) => {
      pdf.font(BOLD).fontSize(9).fillColor(GREY);
      cell(heading.toUpperCase(), x, y, col - 10);
      pdf.font(REGULAR).fontSize(10).fillColor('#000');
      for (const l of lines) cell(l, x, pdf.y, col - 10);
      return pdf.y;
    };
    const c = doc.customer;
    const ends = [
      block(left, 'Customer', [
        c.name,
        ...(c.customerNo ? [`Customer No: ${c.customerNo}`] : []),
        ...(c.contactName ? [`Attn: ${c.contactName}`] : []),
        ...c.street,
      ]),
      block(left + col, 'Ship to', c.shipTo.length ? [c.name, ...c.shipTo] : ['Same as customer']),
      block(left + 2 * col, 'Job', [
        doc.jobName ?? '(no job name)',
        ...(doc.poNumber ? [`PO Number: ${doc.poNumber}`] : []),
        ...(c.phone ? [`Phone: ${c.phone}`] : []),
        ...(c.email ? [c.email] : []),
      ]),
    ];
    y = Math.max(...ends) + 12;
    if (doc.specialInstructions) {
      pdf.font(BOLD).fontSize(9).fillColor(GREY);
      cell('SPECIAL INSTRUCTIONS', left, y, width);
      pdf.font(REGULAR).fontSize(10).fillColor('#000');
      cell(doc.specialInstructions, left, pdf.y, width);
      y = pdf.y + 10;
    }

    // Lines table
    const priced = !doc.noPricePrint;
    const cols = priced
      ? { qty: 40, item: 110, desc: width - 40 - 110 - 80 - 85, unit: 80, line: 85 }
      : { qty: 40, item: 120, desc: width - 160, unit: 0, line: 0 };
    const xs = columnStarts(left, cols);
    const HEADER_H = 22;
    const tableHeader = () => {
      pdf.rect(left, y, width, 18).fill(ACCENT);
      pdf.font(BOLD).fontSize(9).fillColor('#fff');
      cell('Qty', xs.qty + 4, y + 5, cols.qty - 8);
      cell('Item No', xs.item + 4, y + 5, cols.item - 8);
      cell('Description', xs.desc + 4, y + 5, cols.desc - 8);
      if (priced) {
        cell('Unit Price', xs.unit, y + 5, cols.unit - 6, 'right');
        cell('Line Price', xs.line, y + 5, cols.line - 6, 'right');
      }
      y += HEADER_H;
    };
    /** A new page that continues the table: its header row first. */
    const continueTable = () => {
      pdf.addPage();
      y = MARGINS.top;
      tableHeader();
    };
    const rowsStart = () => MARGINS.top + HEADER_H;
    const totalRows: [string, string, boolean][] = priced
      ? [
          ['Sub Total', doc.totals.subTotal, false],
          [doc.totals.useTax ? doc.totals.taxLabel : 'Tax (not applied)', doc.totals.tax, false],
          ['Total', doc.totals.total, true],
        ]
      : [];
    // What follows the last line and goes with it: the totals, and the terms when they are short
    // (long terms flow over further pages on their own).
    pdf.font(REGULAR).fontSize(9);
    const termsH = doc.terms ? heightOf(doc.terms, width) : 0;
    const TERMS_BLOCK = doc.terms ? 12 + 14 + termsH : 0;
    const TRAILER_H = (priced ? 8 + 16 + 16 + 20 : 0) + (TERMS_BLOCK <= 160 ? TERMS_BLOCK : 0);

    // Each line is a block: its row, then its sub-parts, measured before anything is drawn so a
    // block that fits on a page is never split, and the last block carries the totals with it.
    const subText = (s: PrintableDocument['lines'][number]['subParts'][number]) => {
      const extra = [
        s.fromModifier && s.category ? `[${s.category}]` : '',
        s.inches ? `Inches: ${s.inches}` : '',
        s.notes ? `Notes: ${s.notes}` : '',
      ]
        .filter(Boolean)
        .join('  ');
      const liftNotes = s.liftNotes.map((n) => `Lift notes: ${n}`).join('\n');
      return [s.itemDescription ?? '', extra, liftNotes].filter(Boolean).join('\n');
    };
    const blocks = doc.lines.map((line) => {
      // A row is as tall as its tallest cell: a long item number wraps too.
      pdf.font(BOLD).fontSize(10);
      const itemH = cellHeight(line.itemNo, cols.item - 8, 12);
      pdf.font(REGULAR).fontSize(10);
      const desc = line.itemDescription ?? '';
      const overrideNote = line.overridden && priced ? 6 : 0;
      const rowH = Math.max(14, itemH, cellHeight(desc, cols.desc - 8, 12)) + 4 + overrideNote;
      pdf.font(REGULAR).fontSize(8.5);
      const subs = line.subParts.map((s) => {
        const text = subText(s);
        const h = Math.max(12, cellHeight(s.itemNo, cols.item - 14, 11), cellHeight(text, cols.desc - 20, 11)) + 2;
        return { s, text, h };
      });
      return { line, desc, rowH, subs, h: rowH + subs.reduce((a, x) => a + x.h, 0) + 3 };
    });

    const CONTINUED_H = 13;
    const SEPARATOR = 3;
    type Block = (typeof blocks)[number];
    const drawLine = (b: Block, i: number) => {
      const { line, desc } = b;
      if (i % 2 === 1) pdf.rect(left, y - 2, width, b.rowH).fill(LIGHT);
      pdf.fillColor('#000').font(BOLD).fontSize(10);
      cell(String(line.quantity), xs.qty + 4, y, cols.qty - 8);
      cell(line.itemNo, xs.item + 4, y, cols.item - 8);
      pdf.font(REGULAR);
      cell(desc, xs.desc + 4, y, cols.desc - 8);
      if (priced) {
        cell(line.unitPrice, xs.unit, y, cols.unit - 6, 'right');
        cell(line.charged ? line.linePrice : 'n/c', xs.line, y, cols.line - 6, 'right');
        if (line.overridden) {
          pdf.font(REGULAR).fontSize(7).fillColor(GREY);
          cell('price override', xs.line, y + 12, cols.line - 6, 'right');
        }
      }
      y += b.rowH;
    };
    const drawSub = ({ s, text, h }: Block['subs'][number]) => {
      pdf.font(REGULAR).fontSize(8.5);
      pdf.fillColor(s.fromModifier ? ACCENT : GREY);
      cell(String(s.quantity), xs.qty + 14, y, cols.qty - 14);
      cell(s.itemNo, xs.item + 14, y, cols.item - 14);
      cell(text, xs.desc + 16, y, cols.desc - 20);
      y += h;
    };
    /** The first row of a page that carries on a line's sub-parts. */
    const drawContinued = (b: Block) => {
      pdf.font(BOLD).fontSize(8.5).fillColor(GREY);
      cell(`${b.line.itemNo} (continued)`, xs.item + 4, y, cols.item + cols.desc - 8);
      y += CONTINUED_H;
    };
    /** Sub-parts from index `from` on, breaking between rows only if one is taller than what is left. */
    const drawSubsFrom = (b: Block, from: number, last: boolean) => {
      for (let j = from; j < b.subs.length; j++) {
        const sub = b.subs[j]!;
        const final = last && j === b.subs.length - 1;
        if (y + sub.h + (final ? TRAILER_H : 0) > bottom() && y > rowsStart()) {
          continueTable();
          drawContinued(b);
        }
        drawSub(sub);
      }
    };

    tableHeader();
    blocks.forEach((b, i) => {
      const last = i === blocks.length - 1;
      const trailer = last ? TRAILER_H : 0;
      if (y + b.h + trailer > bottom() && y > rowsStart()) {
        // The block does not fit in what is left of the page. Split it between two sub-parts when
        // the line keeps at least one of them and at least two go over; else move it whole.
        let split = 0;
        let used = b.rowH;
        for (let k = 1; k <= b.subs.length - 2; k++) {
          used += b.subs[k - 1]!.h;
          if (y + used > bottom()) break;
          split = k;
        }
        if (split > 0) {
          drawLine(b, i);
          for (let j = 0; j < split; j++) drawSub(b.subs[j]!);
          continueTable();
          drawContinued(b);
          drawSubsFrom(b, split, last);
        } else {
          continueTable();
          drawLine(b, i);
          drawSubsFrom(b, 0, last);
        }
      } else {
        if (y + b.rowH + (last && b.subs.length === 0 ? trailer : 0) > bottom() && y > rowsStart()) continueTable();
        drawLine(b, i);
        drawSubsFrom(b, 0, last);
      }
      y += SEPARATOR;
      pdf
        .moveTo(left, y - 2)
        .lineTo(left + width, y - 2)
        .lineWidth(0.3)
        .strokeColor('#ced4da')
        .stroke();
    });
    if (doc.lines.length === 0) {
      if (y + 20 + TRAILER_H > bottom()) continueTable();
      pdf
        .font(REGULAR)
        .fontSize(10)
        .fillColor(GREY)
        .text('No lines.', left + 4, y);
      y += 20;
    }

    // Totals: room for them was kept on the page of the last line.
    if (priced) {
      y += 8;
      const labelX = left + width - 260;
      for (const [label, value, strong] of totalRows) {
        pdf
          .font(strong ? BOLD : REGULAR)
          .fontSize(strong ? 12 : 10)
          .fillColor('#000');
        cell(label, labelX, y, 160, 'right');
        cell(`$${value}`, labelX + 160, y, 100, 'right');
        y += strong ? 20 : 16;
      }
    }

    // Terms, after everything else; long terms flow onto further pages.
    if (doc.terms) {
      y += 12;
      pdf.font(REGULAR).fontSize(9);
      const termsH = heightOf(doc.terms, width);
      // The heading never stands alone at the foot of a page: it goes with at least two lines.
      if (y + 14 + Math.min(termsH, 24) > bottom()) {
        pdf.addPage();
        y = MARGINS.top;
      }
      pdf.font(BOLD).fontSize(9).fillColor(GREY);
      cell('TERMS', left, y, width);
      pdf.font(REGULAR).fontSize(9).fillColor('#000');
      cell(doc.terms, left, pdf.y + 2, width);
    }

    // Footer on every page, drawn last (the page count is known) inside the bottom margin. The
    // margin is lifted while it is written, so pdfkit does not see text below the margin and
    // start a new page for it.
    const range = pdf.bufferedPageRange();
    for (let p = range.start; p < range.start + range.count; p++) {
      pdf.switchToPage(p);
      pdf.page.margins.bottom = 0;
      pdf.font(REGULAR).fontSize(8).fillColor(GREY);
      const fy = pdf.page.height - FOOTER_FROM_BOTTOM;
      cell(`${doc.companyName} - ${title}`, left, fy, width * 0.7);
      cell(`Page ${p - range.start + 1} of ${range.count}`, left + width * 0.7, fy, width * 0.3, 'right');
      pdf.page.margins.bottom = MARGINS.bottom;
    }
    pdf.end();
  });
}
