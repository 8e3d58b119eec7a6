/**
 * Renders a PrintableDocument to PDF with pdfkit and an embedded DejaVu Sans (the npm package
 * dejavu-fonts-ttf ships it), so every character of the company's text prints. Pure: no
 * database, no clock; run in a worker thread by pdf-pool.ts.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { PrintableDocument } from '@desk/domain';

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
export const FONTS = {
  regular: path.join(fontDir, 'DejaVuSans.ttf'),
  bold: path.join(fontDir, 'DejaVuSans-Bold.ttf'),
};

const GREY = '#555555';
const LIGHT = '#e9ecef';
const ACCENT = '#1f3a5f';

export function renderPdf(doc: PrintableDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const title = `${doc.kind === 'order' ? 'Order' : 'Quote'} ${doc.number}`;
    const pdf = new PDFDocument({
      size: 'LETTER',
      margins: { top: 40, bottom: 50, left: 40, right: 40 },
      bufferPages: true,
      info: { Title: `${doc.companyName} - ${title}`, Author: doc.companyName, Subject: doc.fileName },
    });
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.registerFont('regular', FONTS.regular);
    pdf.registerFont('bold', FONTS.bold);

    const left = pdf.page.margins.left;
    const width = pdf.page.width - left - pdf.page.margins.right;
    const bottom = () => pdf.page.height - pdf.page.margins.bottom;
    // Height of a wrapped cell; a one-line text (the common case) needs no layout pass.
    const cellHeight = (text: string, w: number, lineHeight: number) =>
      !text.includes('\n') && pdf.widthOfString(text) <= w ? lineHeight : pdf.heightOfString(text, { width: w });

    // Header
    pdf
      .font('bold')
      .fontSize(18)
      .fillColor(ACCENT)
      .text(doc.companyName, left, 40, { width: width * 0.6 });
    pdf.font('bold').fontSize(16).fillColor('#000').text(title.toUpperCase(), left, 40, { width, align: 'right' });
    pdf.font('regular').fontSize(9).fillColor(GREY);
    const dateLabel = doc.kind === 'order' ? 'Order date' : 'Quote date';
    pdf.text(`${dateLabel}: ${doc.date}`, left, 62, { width, align: 'right' });
    pdf.text(`Printed: ${doc.printedAt}`, { width, align: 'right' });
    if (doc.status) pdf.text(`Status: ${doc.status}`, { width, align: 'right' });
    let y = Math.max(pdf.y, 100) + 8;
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
      pdf
        .font('bold')
        .fontSize(9)
        .fillColor(GREY)
        .text(heading.toUpperCase(), x, y, { width: col - 10 });
      pdf.font('regular').fontSize(10).fillColor('#000');
      for (const l of lines) pdf.text(l, x, pdf.y, { width: col - 10 });
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
      pdf.font('bold').fontSize(9).fillColor(GREY).text('SPECIAL INSTRUCTIONS', left, y, { width });
      pdf.font('regular').fontSize(10).fillColor('#000').text(doc.specialInstructions, left, pdf.y, { width });
      y = pdf.y + 10;
    }

    // Lines table
    const priced = !doc.noPricePrint;
    const cols = priced
      ? { qty: 40, item: 110, desc: width - 40 - 110 - 80 - 85, unit: 80, line: 85 }
      : { qty: 40, item: 120, desc: width - 160, unit: 0, line: 0 };
    const xs = {
      qty: left,
      item: left + cols.qty,
      desc: left + cols.qty + cols.item,
      unit: left + cols.qty + cols.item + cols.desc,
      line: left + cols.qty + cols.item + cols.desc + cols.unit,
    };
    const tableHeader = () => {
      pdf.rect(left, y, width, 18).fill(ACCENT);
      pdf.font('bold').fontSize(9).fillColor('#fff');
      pdf.text('Qty', xs.qty + 4, y + 5, { width: cols.qty - 8 });
      pdf.text('Item No', xs.item + 4, y + 5, { width: cols.item - 8 });
      pdf.text('Description', xs.desc + 4, y + 5, { width: cols.desc - 8 });
      if (priced) {
        pdf.text('Unit Price', xs.unit, y + 5, { width: cols.unit - 6, align: 'right' });
        pdf.text('Line Price', xs.line, y + 5, { width: cols.line - 6, align: 'right' });
      }
      y += 22;
    };
    const ensure = (h: number) => {
      if (y + h > bottom()) {
        pdf.addPage();
        y = pdf.page.margins.top;
        tableHeader();
      }
    };
    tableHeader();
    doc.lines.forEach((line, i) => {
      pdf.font('bold').fontSize(10);
      const desc = line.itemDescription ?? '';
      const h = Math.max(14, cellHeight(desc, cols.desc - 8, 12)) + 4;
      ensure(h);
      if (i % 2 === 1) pdf.rect(left, y - 2, width, h).fill(LIGHT);
      pdf.fillColor('#000').font('bold').fontSize(10);
      pdf.text(String(line.quantity), xs.qty + 4, y, { width: cols.qty - 8 });
      pdf.text(line.itemNo, xs.item + 4, y, { width: cols.item - 8 });
      pdf.font('regular').text(desc, xs.desc + 4, y, { width: cols.desc - 8 });
      if (priced) {
        pdf.text(line.unitPrice, xs.unit, y, { width: cols.unit - 6, align: 'right' });
        pdf.text(line.charged ? line.linePrice : 'n/c', xs.line, y, { width: cols.line - 6, align: 'right' });
        if (line.overridden)
          pdf
            .font('regular')
            .fontSize(7)
            .fillColor(GREY)
            .text('price override', xs.line, y + 12, { width: cols.line - 6, align: 'right' });
      }
      y += h + (line.overridden && priced ? 6 : 0);
      for (const s of line.subParts) {
        pdf.font('regular').fontSize(8.5);
        const extra = [
          s.fromModifier && s.category ? `[${s.category}]` : '',
          s.inches ? `Inches: ${s.inches}` : '',
          s.notes ? `Notes: ${s.notes}` : '',
        ]
          .filter(Boolean)
          .join('  ');
        const text = `${s.itemDescription ?? ''}${extra ? `\n${extra}` : ''}`;
        const sh = Math.max(12, cellHeight(text, cols.desc - 20, 11)) + 2;
        ensure(sh);
        pdf.fillColor(s.fromModifier ? ACCENT : GREY);
        pdf.text(String(s.quantity), xs.qty + 14, y, { width: cols.qty - 14 });
        pdf.text(s.itemNo, xs.item + 14, y, { width: cols.item - 14 });
        pdf.text(text, xs.desc + 16, y, { width: cols.desc - 20 });
        y += sh;
      }
      y += 3;
      pdf
        .moveTo(left, y - 2)
        .lineTo(left + width, y - 2)
        .lineWidth(0.3)
        .strokeColor('#ced4da')
        .stroke();
    });
    if (doc.lines.length === 0) {
      ensure(20);
      pdf
        .font('regular')
        .fontSize(10)
        .fillColor(GREY)
        .text('No lines.', left + 4, y);
      y += 20;
    }

    // Totals
    if (priced) {
      const rows: [string, string, boolean][] = [
        ['Sub Total', doc.totals.subTotal, false],
        [doc.totals.useTax ? doc.totals.taxLabel : 'Tax (not applied)', doc.totals.tax, false],
        ['Total', doc.totals.total, true],
      ];
      ensure(rows.length * 18 + 10);
      y += 8;
      const labelX = left + width - 260;
      for (const [label, value, strong] of rows) {
        pdf
          .font(strong ? 'bold' : 'regular')
          .fontSize(strong ? 12 : 10)
          .fillColor('#000');
        pdf.text(label, labelX, y, { width: 160, align: 'right' });
        pdf.text(`$${value}`, labelX + 160, y, { width: 100, align: 'right' });
        y += strong ? 20 : 16;
      }
    }

    // Footer on every page
    const range = pdf.bufferedPageRange();
    for (let p = range.start; p < range.start + range.count; p++) {
      pdf.switchToPage(p);
      pdf.font('regular').fontSize(8).fillColor(GREY);
      const fy = pdf.page.height - 35;
      pdf.text(`${doc.companyName} - ${title}`, left, fy, { width: width / 2, lineBreak: false });
      pdf.text(`Page ${p - range.start + 1} of ${range.count}`, left + width / 2, fy, {
        width: width / 2,
        align: 'right',
        lineBreak: false,
      });
    }
    pdf.end();
  });
}
