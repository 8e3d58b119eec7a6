/**
 * Faster versions of the pdfkit 0.17 / fontkit 2 steps that most of a document's render time went
 * to, each giving the same PDF as the step it replaces: the same bytes, but for the pages' content
 * streams, which are deflated at a faster level (the same operators once inflated).
 * apps/server/test/render-pdf.test.ts compares them with pdfkit's own. They work on one document's
 * objects (never pdfkit's prototypes), so a document not set up with them renders as pdfkit would.
 *
 * - Fonts: each worker thread parses a font once and shares, between its documents, the layout
 *   ("shaping") of every word and what the font subset needs of each glyph (its bytes in the font
 *   file, the glyphs it is made of, its metrics). pdfkit laid out every word and fontkit decoded
 *   every glyph's outline again for each document.
 * - Text: a cell is broken into lines here when that is certain to give pdfkit's lines (words
 *   end only at spaces, or every line fits with room to spare), and drawn line by line without
 *   pdfkit's line wrapper (a Unicode line breaker, an event emitter and a width measure per
 *   word); the glyph operators of a text are made once per document.
 * - Page content: pdfkit turned each operator it wrote (about 17,000 for a 50-line order) into a
 *   Buffer of its own; the operators of a page are kept as text and written once, deflated at
 *   level 3 (CONTENT_DEFLATE_LEVEL).
 * Anything else (other characters, a line that would run past the page) goes to pdfkit.
 */
import { deflateSync } from 'node:zlib';

/** A glyph of fontkit. */
interface Glyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
  _decode(): { numberOfContours: number; components?: { glyphID: number; pos: number }[] } | null;
  _getMetrics(): { leftBearing: number };
}
interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}
/** A laid-out run of text, as pdfkit's EmbeddedFont.layout answers it. */
interface Run {
  glyphs: Glyph[];
  positions: Position[];
  advanceWidth: number;
}
/** A TrueType font of fontkit (the parts used here). */
interface FontkitFont {
  loca: { offsets: number[] };
  getGlyph(id: number): Glyph;
  _getTableStream(tag: string): { pos: number; readBuffer(length: number): Uint8Array };
  _variationProcessor?: unknown;
  directory: { tables: Record<string, unknown> };
}
/** fontkit's TTFSubset while it encodes (the parts used here). */
interface Subset {
  font: FontkitFont;
  glyf: Uint8Array[];
  offset: number;
  loca: { offsets: number[] };
  hmtx: { metrics: { advance: number; bearing: number }[] };
  includeGlyph(id: number): number;
  _addGlyph(gid: number): number;
}
/** pdfkit's EmbeddedFont: one per font and document. */
interface EmbeddedFont {
  font: FontkitFont;
  id: string;
  scale: number;
  ascender: number;
  subset: Subset;
  widths: number[];
  unicode: number[][];
  layoutRun(text: string, features?: unknown): Run;
  layout(
    text: string,
    features?: unknown,
    onlyWidth?: boolean,
  ): { glyphs: Glyph[] | null; positions: Position[] | null; advanceWidth: number };
  encode(text: string, features?: unknown): [string[], Position[]];
  ref(): unknown;
}
/** pdfkit's PDFReference: an object of the PDF, here a page's content stream. */
interface Reference {
  compress: boolean;
  buffer: Uint8Array[];
  data: Record<string, unknown>;
  write(chunk: string | Uint8Array): void;
}
interface Page {
  content: Reference;
  height: number;
  margins: { bottom: number };
  fonts: Record<string, unknown>;
  write(chunk: string | Uint8Array): void;
}
interface PdfInternals {
  page: Page;
  _font: EmbeddedFont;
  _fontCount: number;
  _fontFamilies: Record<string, EmbeddedFont>;
  _lineGap: number;
  _fontSize: number;
  _wrapper: unknown;
  _textOptions: unknown;
  x: number;
  y: number;
  addContent(data: string | Uint8Array): PDFKit.PDFDocument;
}

const internals = (pdf: PDFKit.PDFDocument) => pdf as unknown as PdfInternals;

/** What the subset needs of a glyph: read once per thread. */
interface GlyphData {
  bytes: Uint8Array;
  /** A compound glyph's parts: the glyph ids to renumber in the subset's copy, and where. */
  components: { glyphID: number; pos: number }[] | null;
  advance: number;
  bearing: number;
}

/** A font parsed once per thread, shared by the thread's documents. */
interface SharedFont {
  Ctor: new (document: PDFKit.PDFDocument, font: FontkitFont, id: string) => EmbeddedFont;
  font: FontkitFont;
  words: Map<string, Run>;
  glyphs: Map<number, GlyphData>;
  documents: number;
}
const shared = new Map<string, SharedFont>();
/** Word layouts kept per font before the cache starts again (a few MB; a 50-line order has ~1,500 words). */
const MAX_CACHED_WORDS = 50_000;

/** pdfkit's EmbeddedFont.layout with the thread's word layouts; the same glyphs, positions and width. */
function layout(this: EmbeddedFont, words: Map<string, Run>, text: string, features?: unknown, onlyWidth?: boolean) {
  if (features) return this.layoutRun(text, features);
  const glyphs: Glyph[] | null = onlyWidth ? null : [];
  const positions: Position[] | null = onlyWidth ? null : [];
  let advanceWidth = 0;
  let last = 0;
  const word = (w: string) => {
    let run = words.get(w);
    if (!run) {
      const made = this.layoutRun(w);
      // The run's width is a sum over its positions, computed on every read: summed once here.
      run = { glyphs: made.glyphs, positions: made.positions, advanceWidth: made.advanceWidth };
      words.set(w, run);
    }
    if (glyphs && positions) {
      for (let i = 0; i < run.glyphs.length; i++) {
        glyphs.push(run.glyphs[i]!);
        positions.push(run.positions[i]!);
      }
    }
    advanceWidth += run.advanceWidth;
  };
  // A word ends after a space or a tab, as in pdfkit.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9) {
      word(text.slice(last, i + 1));
      last = i + 1;
    }
  }
  if (last < text.length) word(text.slice(last));
  return { glyphs, positions, advanceWidth };
}

const HEX = (() => {
  const hex: string[] = [];
  return (gid: number) => (hex[gid] ??= `0000${gid.toString(16)}`.slice(-4));
})();

/** pdfkit's EmbeddedFont.encode: each glyph's id in the document's subset, in hex. */
function encode(this: EmbeddedFont, text: string, features?: unknown): [string[], Position[]] {
  const { glyphs, positions } = this.layout(text, features) as Run;
  const res = new Array<string>(glyphs.length);
  for (let i = 0; i < glyphs.length; i++) {
    const glyph = glyphs[i]!;
    const gid = this.subset.includeGlyph(glyph.id);
    res[i] = HEX(gid);
    if (this.widths[gid] == null) this.widths[gid] = glyph.advanceWidth * this.scale;
    if (this.unicode[gid] == null) this.unicode[gid] = glyph.codePoints;
  }
  return [res, positions];
}

/**
 * fontkit's TTFSubset._addGlyph, reading each glyph's data once per thread: fontkit decoded the
 * whole outline of every glyph of every document only to see whether it is a compound glyph.
 */
function addGlyph(this: Subset, memo: Map<number, GlyphData>, gid: number): number {
  let data = memo.get(gid);
  if (!data) {
    const glyph = this.font.getGlyph(gid);
    const glyf = glyph._decode();
    const cur = this.font.loca.offsets[gid]!;
    const next = this.font.loca.offsets[gid + 1]!;
    const stream = this.font._getTableStream('glyf');
    stream.pos += cur;
    const bytes = stream.readBuffer(next - cur);
    data = {
      bytes,
      components:
        glyf && glyf.numberOfContours < 0
          ? (glyf.components ?? []).map((c) => ({ glyphID: c.glyphID, pos: c.pos }))
          : null,
      advance: glyph.advanceWidth,
      bearing: glyph._getMetrics().leftBearing,
    };
    memo.set(gid, data);
  }
  let buffer = data.bytes;
  if (data.components) {
    buffer = new Uint8Array(data.bytes);
    const view = new DataView(buffer.buffer);
    for (const c of data.components) view.setUint16(c.pos, this.includeGlyph(c.glyphID));
  }
  this.glyf.push(buffer);
  this.loca.offsets.push(this.offset);
  this.hmtx.metrics.push({ advance: data.advance, bearing: data.bearing });
  this.offset += buffer.length;
  return this.glyf.length - 1;
}

/** Gives a document's font object the thread's shared layouts and glyph data. */
function shareInto(font: EmbeddedFont, kept: SharedFont) {
  const words = kept.words;
  font.layout = function (text, features, onlyWidth) {
    return layout.call(this, words, text, features, onlyWidth);
  };
  font.encode = encode;
  // Variable fonts re-encode their glyphs' outlines: left to fontkit (DejaVu Sans is not one).
  if (!kept.font._variationProcessor && kept.font.directory.tables.glyf) {
    const glyphs = kept.glyphs;
    font.subset._addGlyph = function (gid) {
      return addGlyph.call(this, glyphs, gid);
    };
  }
}

/**
 * Makes `name` usable with pdf.font(name): the thread's parsed font (the file parsed now and kept
 * if this is the thread's first document), with the shared layouts and glyph data.
 */
export function useFont(pdf: PDFKit.PDFDocument, name: string, file: string) {
  const doc = internals(pdf);
  let kept = shared.get(name);
  if (!kept) {
    pdf.registerFont(name, file);
    pdf.font(name);
    const made = doc._font;
    kept = {
      Ctor: made.constructor as SharedFont['Ctor'],
      font: made.font,
      words: new Map(),
      glyphs: new Map(),
      documents: 0,
    };
    shared.set(name, kept);
    shareInto(made, kept);
    return;
  }
  if (++kept.documents % 100 === 0 && kept.words.size > MAX_CACHED_WORDS) kept.words = new Map();
  // What pdf.font() does for a new font, given the parsed one: a per-document font object
  // (its own id and subset), registered under its name.
  const font = new kept.Ctor(pdf, kept.font, `F${++doc._fontCount}`);
  shareInto(font, kept);
  doc._fontFamilies[name] = font;
}

/**
 * zlib's level for the pages' content. pdfkit deflates every stream at zlib's default, 6: for a
 * 50-line order (14 pages, 310 KB of operators) that was 3 ms of a 13 ms render; level 3 takes
 * about half as long and makes the PDF 8% larger (62.9 -> 67.8 KB).
 */
const CONTENT_DEFLATE_LEVEL = 3;

/** PDFObject.number of pdfkit: how it writes a number into the content. */
const num = (n: number) => {
  if (n > -1e21 && n < 1e21) return Math.round(n * 1e6) / 1e6;
  throw new Error(`unsupported number: ${n}`);
};

/** pdfkit's PDFNumber: the largest float32 not above n (how its line wrapper rounds widths). */
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
function pdfNumber(n: number) {
  const rounded = Math.fround(n);
  if (rounded <= n) return rounded;
  f32[0] = n;
  if (n <= 0) u32[0]! += 1;
  else u32[0]! -= 1;
  return f32[0]!;
}

/** Characters on which pdfkit's line breaker must break, or a soft hyphen: left to pdfkit. */
const SPECIAL = /[\r\v\f\u0085\u00ad\u2028\u2029]/;
/**
 * Lines of these characters break only after their spaces (the line breaker pdfkit uses, checked
 * pair by pair): their words are what pdfkit's own measure splits at, so the lines pdfkit's
 * wrapper makes of them are worked out here exactly.
 */
const SPACE_BREAKS_ONLY = /^[A-Za-z0-9 #&'*,.:;@_]*$/;
/**
 * Any other line is taken here only when it fits its width with room to spare: pdfkit's wrapper
 * measures a line as the sum of its words, and its line breaker ends a word after a hyphen, a
 * slash and other punctuation too; a pair kerned across such a break (up to 0.27 em in DejaVu
 * Sans: "L" and a closing quote) makes the sum wider than the line measured whole. Each character
 * that is not a letter, digit or space and does not stand before a space may touch two breaks.
 */
const BREAK_NEAR = /[^A-Za-z0-9 ](?! |$)/g;
const KERN_PER_BREAK_EM = 0.27;
const roomFor = (line: string, fontSize: number) =>
  0.5 + 2 * KERN_PER_BREAK_EM * fontSize * (line.match(BREAK_NEAR)?.length ?? 0);

/**
 * Fast text for one document: `cell` and `heightOf` answer what pdf.text(text, x, y, { width, align })
 * and pdf.heightOfString(text, { width }) would, and `finish` writes the pages' content (before
 * pdf.end()). Set up once, right after the fonts.
 */
export function fastText(pdf: PDFKit.PDFDocument) {
  const doc = internals(pdf);

  // The page content, kept as text: see the top of this file.
  const kept = new Map<Page, string[]>();
  const opsOf = (page: Page) => {
    let ops = kept.get(page);
    if (!ops) kept.set(page, (ops = []));
    return ops;
  };
  const flush = (page: Page) => {
    const ops = kept.get(page);
    kept.delete(page);
    if (!ops?.length) return;
    const content = page.content;
    // PDFReference.write ends each piece with a line break.
    if (!content.compress || content.buffer.length) return page.write(ops.join('\n'));
    const bytes = Buffer.from(`${ops.join('\n')}\n`, 'latin1');
    content.compress = false;
    content.write(deflateSync(bytes, { level: CONTENT_DEFLATE_LEVEL }));
    content.data.Filter = 'FlateDecode';
  };
  doc.addContent = (data) => {
    if (typeof data === 'string') opsOf(doc.page).push(data);
    else {
      flush(doc.page);
      doc.page.write(data);
    }
    return pdf;
  };

  /**
   * The lines pdfkit's wrapper makes of `text` in `width` with the current font, as it passes
   * them on (a line that ends a paragraph keeps its '\n'), or null when that is not certain here.
   */
  const wrapped = new Map<string, string[] | null>();
  const linesOf = (text: string, width: number): string[] | null => {
    const key = `${doc._font.id} ${doc._fontSize} ${width} ${text}`;
    let lines = wrapped.get(key);
    if (lines === undefined) wrapped.set(key, (lines = breakLines(text, width)));
    return lines;
  };
  const breakLines = (text: string, width: number): string[] | null => {
    if (!text || SPECIAL.test(text)) return null;
    // The wrapper's line width: _initOptions, then LineWrapper (one column, no indent).
    const lineWidth = (Math.max(width, 0) * 100) / 100;
    const wordWidth = (word: string) => pdfNumber(pdf.widthOfString(word));
    const paragraphs = text.split('\n');
    const lines: string[] = [];
    for (let p = 0; p < paragraphs.length; p++) {
      const para = paragraphs[p]!;
      const end = p < paragraphs.length - 1 ? '\n' : '';
      // An empty paragraph, or one that starts with a space (the breaker breaks after it): pdfkit.
      if (!para || para.charCodeAt(0) === 32) return null;
      if (!SPACE_BREAKS_ONLY.test(para)) {
        if (pdf.widthOfString(para + end) > lineWidth - roomFor(para, doc._fontSize)) return null;
        lines.push(para + end);
        continue;
      }
      // The words as the breaker ends them (after a run of spaces, the last with the paragraph's
      // break), laid into lines as LineWrapper.wrap does.
      const words = para.match(/[^ ]+ *| +/g)!;
      words[words.length - 1] += end;
      let spaceLeft = lineWidth;
      let buffer = '';
      for (let k = 0; k < words.length; k++) {
        const word = words[k]!;
        const w = wordWidth(word);
        // A word wider than the line is broken inside: pdfkit.
        if (w > lineWidth) return null;
        const required = k === words.length - 1 && end !== '';
        const fits = w <= spaceLeft;
        if (fits) buffer += word;
        if (required || !fits) {
          if (required && !fits) {
            lines.push(buffer);
            buffer = word;
          }
          lines.push(buffer);
          spaceLeft = required ? lineWidth : lineWidth - w;
          buffer = required ? '' : word;
        } else spaceLeft -= w;
      }
      if (buffer) lines.push(buffer);
    }
    return lines;
  };

  /**
   * The text-showing operators (TJ) of a text: its glyphs in the document's font subset, with the
   * kerning between them. Written here as pdfkit's _fragment writes them. A text whose glyphs sit
   * on the baseline (no mark placed on another glyph) shows the same way wherever it is drawn, so
   * those are kept for the document: a 50-line order repeats most of its texts.
   */
  const shown = new Map<EmbeddedFont, Map<string, string>>();
  const showText = (font: EmbeddedFont, text: string, x: number, y: number, out: string[]) => {
    let byText = shown.get(font);
    if (!byText) shown.set(font, (byText = new Map()));
    const known = byText.get(text);
    if (known !== undefined) {
      if (known) out.push(known);
      return;
    }
    const [encoded, positions] = font.encode(text);
    const scale = doc._fontSize / 1000;
    const ops: string[] = [];
    const commands: string[] = [];
    let last = 0;
    let hadOffset = false;
    let placed = false;
    const addSegment = (cur: number) => {
      if (last < cur) {
        const hex = encoded.slice(last, cur).join('');
        const advance = positions[cur - 1]!.xAdvance - positions[cur - 1]!.advanceWidth;
        commands.push(`<${hex}> ${num(-advance)}`);
      }
      last = cur;
    };
    const flushTJ = (i: number) => {
      addSegment(i);
      if (commands.length > 0) {
        ops.push(`[${commands.join(' ')}] TJ`);
        commands.length = 0;
      }
    };
    let i = 0;
    for (; i < positions.length; i++) {
      const pos = positions[i]!;
      if (pos.xOffset || pos.yOffset) {
        flushTJ(i);
        ops.push(`1 0 0 1 ${num(x + pos.xOffset * scale)} ${num(y + pos.yOffset * scale)} Tm`);
        flushTJ(i + 1);
        hadOffset = true;
        placed = true;
      } else {
        if (hadOffset) {
          ops.push(`1 0 0 1 ${num(x)} ${num(y)} Tm`);
          hadOffset = false;
        }
        if (pos.xAdvance - pos.advanceWidth !== 0) addSegment(i + 1);
      }
      x += pos.xAdvance * scale;
    }
    flushTJ(i);
    const joined = ops.join('\n');
    if (!placed) byText.set(text, joined);
    if (joined) out.push(joined);
  };

  /** pdfkit's _fragment for a line of plain text (no spacing options, links or decorations). */
  const fragment = (line: string, x: number, y: number, lineWidth: number, align: 'left' | 'right') => {
    const text = line.replace(/\n/g, '');
    if (text.length === 0) return;
    const font = doc._font;
    const page = doc.page;
    if (align === 'right') x += lineWidth - pdf.widthOfString(text.replace(/\s+$/, ''));
    const dy = (font.ascender / 1000) * doc._fontSize;
    y = page.height - y - dy;
    if (page.fonts[font.id] == null) page.fonts[font.id] = font.ref();
    // save() and the flip of the y axis, restore() after: pdfkit's transformation matrix is where
    // it was before. One piece of the page's content (lines joined as PDFReference.write does).
    const out = [
      `q\n1 0 0 -1 0 ${num(page.height)} cm\nBT\n1 0 0 1 ${num(x)} ${num(y)} Tm\n/${font.id} ${num(doc._fontSize)} Tf`,
    ];
    showText(font, text, x, y, out);
    out.push('ET\nQ');
    opsOf(page).push(out.join('\n'));
  };

  return {
    /** pdf.text(text, x, y, { width, align }). */
    cell(text: string, x: number, y: number, width: number, align?: 'right') {
      const options = align ? { width, align } : { width };
      const lines = doc._wrapper || doc._textOptions ? null : linesOf(text, width);
      const lineHeight = lines && pdf.currentLineHeight(true) + (doc._lineGap || 0);
      // Lines that would run past the bottom margin: pdfkit's wrapper starts a new page.
      if (!lines || !lineHeight || y + lineHeight * lines.length > doc.page.height - doc.page.margins.bottom - 0.01)
        return pdf.text(text, x, y, options);
      const lineWidth = (Math.max(width, 0) * 100) / 100;
      doc.x = x;
      doc.y = y;
      for (const line of lines) {
        fragment(line, x, doc.y, lineWidth, align ?? 'left');
        doc.y += pdf.currentLineHeight(true) + (doc._lineGap || 0);
      }
      return pdf;
    },
    /** pdf.heightOfString(text, { width }). */
    heightOf(text: string, width: number) {
      const lines = doc._wrapper || doc._textOptions ? null : linesOf(text, width);
      if (!lines) return pdf.heightOfString(text, { width });
      let y = doc.y;
      for (let i = 0; i < lines.length; i++) y += pdf.currentLineHeight(true) + (doc._lineGap || 0);
      return y - doc.y;
    },
    /** Writes the content kept for each page: before pdf.end(). */
    finish() {
      for (const page of [...kept.keys()]) flush(page);
    },
  };
}

/** What fastText answers, by pdfkit alone. */
export function plainText(pdf: PDFKit.PDFDocument): ReturnType<typeof fastText> {
  return {
    cell: (text, x, y, width, align) => pdf.text(text, x, y, align ? { width, align } : { width }),
    heightOf: (text, width) => pdf.heightOfString(text, { width }),
    finish() {},
  };
}
