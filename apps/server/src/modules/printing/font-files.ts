/**
 * The two DejaVu Sans faces the PDFs embed, as the renderer hands them to pdfkit: read once per
 * thread from the npm package dejavu-fonts-ttf, with their `post` table cut to version 3.0 (no
 * glyph names). Why (docs/decisions/030-pdf-rendering.md): pdfkit parses a font again for every
 * document, and reading the font's italic angle makes fontkit decode the whole `post` table,
 * whose version 2.0 lists a name for each of DejaVu's 6,000 glyphs: about 20 ms a face, half of a
 * cold one-line PDF. Version 3.0 is the same table without the names (the OpenType spec's choice
 * for fonts that are only drawn). Nothing in a PDF uses the names: pdfkit embeds its own subset,
 * which carries no `post` table, and finds characters through `cmap`. The glyphs, metrics, layout
 * tables and names of the font are untouched, and the font is not renamed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** The package's font files (the glyph check of printable-text.ts reads them as they are). */
export const FONT_FILES = {
  regular: path.join(fontDir, 'DejaVuSans.ttf'),
  bold: path.join(fontDir, 'DejaVuSans-Bold.ttf'),
} as const;

/** The length of a `post` table of version 3.0: its header alone. */
const POST_V3_LENGTH = 32;
/** What a font's checksum adds up to with head.checkSumAdjustment (the OpenType `head` table). */
const FONT_CHECKSUM = 0xb1b0afba;

/** The sum of the big-endian 32-bit words of `bytes` (zero-padded to a whole word), mod 2^32. */
function checksum(bytes: Buffer): number {
  let sum = 0;
  for (let i = 0; i < bytes.length; i += 4) {
    const word =
      i + 4 <= bytes.length
        ? bytes.readUInt32BE(i)
        : Buffer.concat([bytes.subarray(i), Buffer.alloc(4)]).readUInt32BE(0);
    sum = (sum + word) >>> 0;
  }
  return sum;
}

/**
 * A TrueType font's bytes with its `post` table made version 3.0: the table's first word becomes
 * 3.0 and its length the 32-byte header (the glyph names after it are left in place, unreferenced);
 * the table's checksum and the font's checkSumAdjustment are computed again. A font without a
 * `post` table, or whose table is already shorter, is answered as it is.
 */
export function withoutGlyphNames(font: Buffer): Buffer {
  const out = Buffer.from(font);
  const tables = out.readUInt16BE(4);
  const record = (tag: string) => {
    for (let i = 0; i < tables; i++) {
      const at = 12 + 16 * i;
      if (out.toString('latin1', at, at + 4) === tag) return at;
    }
    return null;
  };
  const post = record('post');
  const head = record('head');
  if (post === null || head === null || out.readUInt32BE(post + 12) <= POST_V3_LENGTH) return font;
  const offset = out.readUInt32BE(post + 8);
  out.writeUInt32BE(0x00030000, offset);
  out.writeUInt32BE(POST_V3_LENGTH, post + 12);
  out.writeUInt32BE(checksum(out.subarray(offset, offset + POST_V3_LENGTH)), post + 4);
  // head.checkSumAdjustment (at byte 8 of `head`): zero while the whole font is summed.
  const headAt = out.readUInt32BE(head + 8);
  out.writeUInt32BE(0, headAt + 8);
  out.writeUInt32BE((FONT_CHECKSUM - checksum(out)) >>> 0, headAt + 8);
  return out;
}

let faces: { regular: Buffer; bold: Buffer } | null = null;

/** The regular and bold faces for pdfkit, read and prepared once per thread. */
export function fontFaces(): { regular: Buffer; bold: Buffer } {
  faces ??= {
    regular: withoutGlyphNames(readFileSync(FONT_FILES.regular)),
    bold: withoutGlyphNames(readFileSync(FONT_FILES.bold)),
  };
  return faces;
}
