/**
 * renderPdf with pdfkit's documented API (docs/decisions/030-pdf-rendering.md): a document renders
 * to the same bytes whatever the thread rendered before it (creation date and id aside), and the
 * PDF embeds the two DejaVu fonts only (no standard font: Helvetica is never read).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FONT_FILES, withoutGlyphNames } from '../src/modules/printing/font-files.js';
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

interface ParsedFont {
  numGlyphs: number;
  postscriptName: string;
  italicAngle: number;
  post: { version: number; isFixedPitch: number };
  glyphForCodePoint(cp: number): { id: number; advanceWidth: number };
  layout(text: string): { glyphs: { id: number }[]; positions: { xAdvance: number }[] };
}
const fontkit = createRequire(import.meta.url)('fontkit') as { create(bytes: Buffer): ParsedFont };

/** The sum of a buffer's big-endian 32-bit words, mod 2^32 (the OpenType table checksum). */
const sum32 = (b: Buffer) => {
  const padded = Buffer.concat([b, Buffer.alloc((4 - (b.length % 4)) % 4)]);
  let s = 0;
  for (let i = 0; i < padded.length; i += 4) s = (s + padded.readUInt32BE(i)) >>> 0;
  return s;
};

describe('the faces handed to pdfkit (font-files.ts)', () => {
  it.each(Object.entries(FONT_FILES))(
    '%s: a post table of version 3.0, every glyph, metric and shaping kept',
    (_, file) => {
      const original = readFileSync(file);
      const prepared = withoutGlyphNames(original);
      const [before, after] = [fontkit.create(original), fontkit.create(prepared)];
      expect(before.post.version).toBe(2);
      expect(after.post.version).toBe(3);
      expect(after.numGlyphs).toBe(before.numGlyphs);
      expect(after.postscriptName).toBe(before.postscriptName);
      expect([after.italicAngle, after.post.isFixedPitch]).toEqual([before.italicAngle, before.post.isFixedPitch]);
      const sample = 'AVATAR Wavy Torsion spring 0.250 x 2 x 32 LH, “½” — e\u0301 Ωж ★✓ fi ffl';
      for (const ch of sample) {
        const cp = ch.codePointAt(0)!;
        expect(after.glyphForCodePoint(cp)).toMatchObject({
          id: before.glyphForCodePoint(cp).id,
          advanceWidth: before.glyphForCodePoint(cp).advanceWidth,
        });
      }
      // The same shaping: kerning (AV, Wa) and combining marks position the glyphs as before.
      const shaped = (f: ParsedFont) => {
        const run = f.layout(sample);
        return run.glyphs.map((g, i) => [g.id, run.positions[i]!.xAdvance]);
      };
      expect(shaped(after)).toEqual(shaped(before));
      // Checksums as the OpenType spec has them: the post table's record, and the whole font.
      const tables = prepared.readUInt16BE(4);
      const records = Array.from({ length: tables }, (_, i) => 12 + 16 * i);
      const post = records.find((at) => prepared.toString('latin1', at, at + 4) === 'post')!;
      const [sumAt, offset, length] = [post + 4, post + 8, post + 12].map((at) => prepared.readUInt32BE(at));
      expect(length).toBe(32);
      expect(sumAt).toBe(sum32(prepared.subarray(offset, offset + length)));
      expect(sum32(prepared)).toBe(0xb1b0afba);
      expect(prepared.length).toBe(original.length);
    },
  );
});
