/**
 * Scan-to-complete (issue 16): the pick ticket (an order printed without prices) carries the
 * order number as a Code 128 barcode. The PDF comes from the API, is rasterised by poppler
 * (pdftoppm, as a page leaves a printer at 150 dpi) and read back by ZXing's decoder, the library
 * behind most phone and tablet scanners: the barcode must decode to the order number. The priced
 * order and the quote carry none.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatOneDReader,
  NotFoundException,
  RGBLuminanceSource,
} from '@zxing/library';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { hasPdftotext, pdfText } from './pdf-text.js';
import { code128 } from '../src/modules/printing/barcode.js';
import { suiteApp } from './support.js';

/** Page 1 of the PDF as poppler rasterises it (grey), then the linear barcode ZXing finds on it, or null. */
function decodePage(pdf: Buffer, dpi = 150): string | null {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'desk-barcode-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-gray', '-r', String(dpi), '-f', '1', '-l', '1', 'doc.pdf', 'page'], {
      cwd: dir,
    });
    const file = path.join(
      dir,
      readdirSync(dir).find((f) => f.startsWith('page'))!,
    );
    const png = PNG.sync.read(readFileSync(file));
    // ZXing wants one luminance byte per pixel.
    const lum = new Uint8ClampedArray(png.width * png.height);
    for (let i = 0; i < lum.length; i++) lum[i] = png.data[i * 4]!;
    // Every linear symbology a yard scanner reads, tried on rows all down the page.
    const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.TRY_HARDER, true]]);
    const reader = new MultiFormatOneDReader(hints);
    try {
      const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(lum, png.width, png.height)));
      const result = reader.decode(bitmap, hints);
      expect(result.getBarcodeFormat()).toBe(BarcodeFormat.CODE_128);
      return result.getText();
    } catch (err) {
      if (err instanceof NotFoundException) return null;
      throw err;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the pick ticket barcode encoder', () => {
  it('answers the bars of a Code 128 symbol', () => {
    const bars = code128('104523');
    // Start C, three digit pairs, the check symbol (11 modules each) and the stop (13): 68 modules.
    expect(bars.width).toBe(68 * 2);
    expect(bars.paths.length).toBeGreaterThan(0);
  });
});

describe.skipIf(!hasPdftotext)('the pick ticket barcode (sqlite)', () => {
  const suite = suiteApp('sqlite');

  it('decodes to the order number on the ticket without prices; the priced order and the quote carry none', async () => {
    const { t, admin } = suite;
    const customer = (await t.as(admin).data('POST', '/api/customers/create', { name: 'Scan Doors' })).id;
    // Order numbers of several lengths: an odd count of digits ends Code 128 in another set.
    for (let i = 0; i < 3; i++) {
      await t.as(admin).data('POST', '/api/orders/create', { customer, jobName: `Filler ${i}` });
    }
    const order = (await t.as(admin).data('POST', '/api/orders/create', { customer, jobName: 'Scan me' })).id;
    const ticket = await t.send(admin, 'POST', `/api/download-excelOrder/${order}`, { noPricePrint: true });
    expect(ticket.statusCode).toBe(200);
    expect(decodePage(ticket.rawPayload)).toBe(String(order));
    // A coarser 100 dpi raster (a worn office printer) still reads.
    expect(decodePage(ticket.rawPayload, 100)).toBe(String(order));

    const priced = await t.send(admin, 'POST', `/api/download-excelOrder/${order}`, { noPricePrint: false });
    expect(decodePage(priced.rawPayload)).toBeNull();
    const quote = (await t.as(admin).data('POST', '/api/quotes/create', { customer, jobName: 'Quote' })).id;
    const quotePdf = await t.send(admin, 'POST', `/api/download-excelQuote/${quote}`, { noPricePrint: true });
    expect(decodePage(quotePdf.rawPayload)).toBeNull();
  });
});

describe.skipIf(!hasPdftotext)('Print pick ticket (issue 36)', () => {
  const suite = suiteApp('sqlite');

  it('prints the order as a pick ticket (no prices, the barcode, titled so) without changing its stored flag', async () => {
    const { t, admin } = suite;
    const types: { id: number; type: string }[] = await t.as(admin).data('GET', '/api/dropdown/product-type');
    const part = await t.as(admin).data('POST', '/api/products/create', {
      itemNo: 'SPR-250',
      itemDescription: 'Torsion spring .250',
      wholesalePrice: 61.25,
      productType: types.find((x) => x.type === 'Part')!.id,
    });
    const customer = (await t.as(admin).data('POST', '/api/customers/create', { name: 'Pick Doors' })).id;
    const order = await t.as(admin).data('POST', '/api/orders/create', { customer, jobName: 'Yard pick' });
    const line = await t
      .as(admin)
      .data('POST', `/api/order-parts/create/${order.id}`, { product: part.id, quantity: 2 });
    await t.as(admin).data('PUT', `/api/order-parts/update/${line.id}/price-override`, { priceOverride: 99.5 });
    expect(order.noPricePrint).toBe(false);

    const ticket = await t.send(admin, 'POST', `/api/download-excelOrder/${order.id}`, { pickTicket: true });
    expect(ticket.statusCode).toBe(200);
    expect(ticket.headers['content-disposition']).toContain(
      `Pick Doors - Yard pick - PickTicket OrderID ${order.id}.pdf`,
    );
    expect(decodePage(ticket.rawPayload)).toBe(String(order.id));
    const text = pdfText(ticket.rawPayload);
    expect(text).toContain(`PICK TICKET ${order.id}`);
    expect(text).toContain('SPR-250');
    expect(text).not.toContain('$');
    expect(text).not.toContain('99.50');
    expect(text).not.toContain('61.25');
    // The order's own "Print without prices" is as it was: the priced order still prints priced.
    expect((await t.as(admin).data('GET', `/api/orders/${order.id}`)).noPricePrint).toBe(false);
    const priced = pdfText((await t.send(admin, 'POST', `/api/download-excelOrder/${order.id}`, {})).rawPayload);
    expect(priced).toContain(`ORDER ${order.id}`);
    expect(priced).toContain('Total $99.50');

    // A quote has no pick ticket.
    const quote = (await t.as(admin).data('POST', '/api/quotes/create', { customer, jobName: 'Q' })).id;
    const refused = await t.send(admin, 'POST', `/api/download-excelQuote/${quote}`, { pickTicket: true });
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body).message).toBe('A quote has no pick ticket; print the order made from it.');
  });
});
