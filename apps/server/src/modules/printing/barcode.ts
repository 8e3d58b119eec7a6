/**
 * The pick ticket's barcode (docs/architecture.md section 11, Scan-to-complete): the order number
 * as Code 128, the symbology every USB or Bluetooth yard scanner reads (a QR code needs a 2D
 * imager). bwip-js encodes it (a maintained encoder of every symbology; Code 128's character
 * sets and check digit are easy to get subtly wrong by hand) and answers SVG, whose bars are drawn
 * here as vector lines, so they print sharp at any printer resolution.
 */
import bwipjs from 'bwip-js';

/** bwip-js draws a module (the narrowest bar) 2 units wide at its default scale. */
const UNITS_PER_MODULE = 2;

export interface Bars {
  /** Width and height in bwip-js units. */
  width: number;
  height: number;
  /** One SVG path per bar width: `d` draws vertical lines of `strokeWidth` units. */
  paths: { strokeWidth: number; d: string }[];
}

export function code128(text: string): Bars {
  const svg = bwipjs.toSVG({ bcid: 'code128', text, height: 10, includetext: false });
  const box = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(svg);
  if (!box) throw new Error('bwip-js answered an SVG without a viewBox');
  const paths = [...svg.matchAll(/<path[^>]*stroke-width="(\d+(?:\.\d+)?)"[^>]*d="([^"]+)"/g)].map((m) => ({
    strokeWidth: Number(m[1]),
    d: m[2]!,
  }));
  return { width: Number(box[1]), height: Number(box[2]), paths };
}

/**
 * Draws `text` as Code 128 with its top-right corner at (right, top): `module` points per module
 * (1.2 pt is 0.42 mm, well above the 0.19 mm minimum scanners read), `height` points tall.
 * Answers the width it took.
 */
export function drawCode128(
  pdf: PDFKit.PDFDocument,
  text: string,
  right: number,
  top: number,
  module = 1.2,
  height = 34,
): number {
  const bars = code128(text);
  const sx = module / UNITS_PER_MODULE;
  const width = bars.width * sx;
  pdf.save();
  pdf.translate(right - width, top).scale(sx, height / bars.height);
  for (const p of bars.paths) pdf.path(p.d).lineWidth(p.strokeWidth).strokeColor('#000').stroke();
  pdf.restore();
  return width;
}
