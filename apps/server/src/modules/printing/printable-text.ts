/**
 * Every character a clerk can type prints as something readable (issue 36, defect 13). The PDF
 * embeds DejaVu Sans (render-pdf.ts), which has Latin, Greek, Cyrillic, arrows, dingbats and many
 * symbols (★ ✓ ☎ ❤) but no emoji; pdfkit draws a character the font lacks as an empty box. No
 * monochrome emoji font comes in a package we install, and pdfkit has no per-character font
 * fallback, so a character neither DejaVu face has is printed as its code point in brackets:
 * 'Door Co 🚪' prints 'Door Co [U+1F6AA]'. One bracket per emoji as the clerk sees it (a grapheme
 * cluster: a family, a flag, a skin tone are one), without the invisible joiners and selectors;
 * a drawable character followed by an emoji selector (❤️) prints as itself.
 */
import { createRequire } from 'node:module';

interface GlyphTable {
  hasGlyphForCodePoint(cp: number): boolean;
}

const fontkit = createRequire(import.meta.url)('fontkit') as { openSync(file: string): GlyphTable };

/** Zero-width joiner and the text / emoji presentation selectors: part of an emoji, never drawn. */
const INVISIBLE = new Set([0x200d, 0xfe0e, 0xfe0f]);

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The replacer for the fonts at `files`: characters all of them can draw are kept. */
export function textForFonts(files: readonly string[]): (text: string) => string {
  const fonts = files.map((f) => fontkit.openSync(f));
  const known = new Map<number, boolean>();
  const drawable = (cp: number) => {
    let ok = known.get(cp);
    if (ok === undefined) {
      ok = cp < 0x20 || fonts.every((f) => f.hasGlyphForCodePoint(cp));
      known.set(cp, ok);
    }
    return ok;
  };
  // The common case, every character below U+2000 that the fonts have, answers the text as it is.
  const simple = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0x2000 || !drawable(c)) return false;
    }
    return true;
  };
  return (text) => {
    if (simple(text)) return text;
    let out = '';
    for (const { segment } of segmenter.segment(text)) {
      const cps = [...segment].map((c) => c.codePointAt(0)!).filter((cp) => !INVISIBLE.has(cp));
      if (cps.every(drawable)) out += String.fromCodePoint(...cps);
      else out += `[${cps.map((cp) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`).join(' ')}]`;
    }
    return out;
  };
}

/** Every text of the document through `replace` (numbers, flags and the file name's shape kept). */
export function printableText<T>(value: T, replace: (text: string) => string): T {
  if (typeof value === 'string') return replace(value) as T;
  if (Array.isArray(value)) return value.map((v) => printableText(v, replace)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, printableText(v, replace)])) as T;
  return value;
}
