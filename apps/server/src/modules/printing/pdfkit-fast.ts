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
 *   every glyph's outline again for each document. The subset's tables are written here
 *   (fontkit's generic encoder went value by value through the font's hinting programs).
 * - Text: a cell is broken into lines here when that is certain to give pdfkit's lines (words
 *   end only at spaces, or every line fits with room to spare), and drawn line by line without
 *   pdfkit's line wrapper (a Unicode line breaker, an event emitter and a width measure per
 *   word); the glyph operators of a text are made once per document.
 * - Page content: pdfkit made a string, then a Buffer, of each operator it wrote (about 17,000
 *   for a 50-line order); here the operators of a page are written into one buffer as they
 *   come, deflated at level 3 (CONTENT_DEFLATE_LEVEL).
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
  loca: { offsets: number[]; version: number };
  getGlyph(id: number): Glyph;
  createSubset(): Subset;
  _getTableStream(tag: string): { pos: number; readBuffer(length: number): Uint8Array };
  _variationProcessor?: unknown;
  directory: { tables: Record<string, unknown> };
}
/** fontkit's TTFSubset while it encodes (the parts used here). */
interface Subset {
  font: FontkitFont;
  glyphs: number[];
  glyf: Uint8Array[];
  offset: number;
  loca: { offsets: number[]; version: number };
  hmtx: { metrics: { advance: number; bearing: number }[]; bearings: number[] };
  includeGlyph(id: number): number;
  _addGlyph(gid: number): number;
  encode(): Uint8Array;
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
  widthOfString(text: string, size: number, features?: unknown): number;
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
  _fillColor: unknown;
  _normalizeColor(color: string): number[] | null;
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
  /** fontkit's encoding of a subset, taken apart (made at the first document's embedding). */
  subsetTemplate?: SubsetTemplate | null;
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

/** A font subset as fontkit encodes it: the file's header and its tables, in order. */
interface SubsetTemplate {
  header: Uint8Array;
  tables: { tag: string; bytes: Uint8Array }[];
}
/** The tables fontkit writes for each subset; the others (head, cvt, prep, fpgm) are the font's own. */
const SUBSET_TABLES = new Set(['hhea', 'loca', 'maxp', 'glyf', 'hmtx']);

/**
 * What fontkit's TTFSubset.encode writes, taken from its encoding of a subset with the one
 * glyph every subset has. null if it is not laid out as subsetEncode expects.
 */
function subsetTemplate(font: FontkitFont): SubsetTemplate | null {
  const bytes = font.createSubset().encode();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint16(4);
  const tables: SubsetTemplate['tables'] = [];
  let at = 12 + 16 * count;
  for (let i = 0; i < count; i++) {
    const entry = 12 + 16 * i;
    const tag = String.fromCharCode(...bytes.subarray(entry, entry + 4));
    const offset = view.getUint32(entry + 8);
    const length = view.getUint32(entry + 12);
    // Tables one after the other, no checksums: anything else is left to fontkit.
    if (view.getUint32(entry + 4) !== 0 || offset !== at) return null;
    tables.push({ tag, bytes: bytes.slice(offset, offset + length) });
    at += length;
  }
  if (at !== bytes.length || !['hhea', 'loca', 'maxp', 'glyf', 'hmtx'].every((t) => tables.some((x) => x.tag === t)))
    return null;
  return { header: bytes.slice(0, 12), tables };
}

/**
 * fontkit's TTFSubset.encode: the glyphs (as it adds them), then the tables, written here rather
 * than by fontkit's generic structure encoder, which went value by value through each table
 * (the hinting programs alone are 2,000 to 2,700 values) for every document.
 */
function subsetEncode(this: Subset, template: SubsetTemplate): Uint8Array {
  this.glyf = [];
  this.offset = 0;
  this.loca = { offsets: [], version: this.font.loca.version };
  this.hmtx = { metrics: [], bearings: [] };
  // Adding a compound glyph adds its parts to the end of the list.
  for (let i = 0; i < this.glyphs.length; i++) this._addGlyph(this.glyphs[i]!);
  this.loca.offsets.push(this.offset);
  const longOffsets = this.loca.version !== 0;
  const bodies = template.tables.map(({ tag, bytes }) => {
    if (!SUBSET_TABLES.has(tag)) return bytes;
    if (tag === 'glyf') {
      const glyf = new Uint8Array(this.offset);
      let at = 0;
      for (const g of this.glyf) {
        glyf.set(g, at);
        at += g.length;
      }
      return glyf;
    }
    if (tag === 'hhea' || tag === 'maxp') {
      // hhea.numberOfMetrics, maxp.numGlyphs
      const copy = bytes.slice();
      new DataView(copy.buffer).setUint16(
        tag === 'hhea' ? 34 : 4,
        tag === 'hhea' ? this.hmtx.metrics.length : this.glyf.length,
      );
      return copy;
    }
    if (tag === 'loca') {
      const offsets = this.loca.offsets;
      const loca = new DataView(new ArrayBuffer(offsets.length * (longOffsets ? 4 : 2)));
      offsets.forEach((o, i) => (longOffsets ? loca.setUint32(4 * i, o) : loca.setUint16(2 * i, o >>> 1)));
      return new Uint8Array(loca.buffer);
    }
    const metrics = this.hmtx.metrics;
    const hmtx = new DataView(new ArrayBuffer(4 * metrics.length));
    metrics.forEach((m, i) => {
      hmtx.setUint16(4 * i, m.advance);
      hmtx.setInt16(4 * i + 2, m.bearing);
    });
    return new Uint8Array(hmtx.buffer);
  });
  const count = bodies.length;
  const out = new Uint8Array(12 + 16 * count + bodies.reduce((n, b) => n + b.length, 0));
  const view = new DataView(out.buffer);
  out.set(template.header);
  let at = 12 + 16 * count;
  bodies.forEach((body, i) => {
    const entry = 12 + 16 * i;
    for (let c = 0; c < 4; c++) out[entry + c] = template.tables[i]!.tag.charCodeAt(c);
    view.setUint32(entry + 8, at);
    view.setUint32(entry + 12, body.length);
    out.set(body, at);
    at += body.length;
  });
  return out;
}

/** Gives a document's font object the thread's shared layouts and glyph data. */
function shareInto(font: EmbeddedFont, kept: SharedFont) {
  const words = kept.words;
  font.layout = function (text, features, onlyWidth) {
    return layout.call(this, words, text, features, onlyWidth);
  };
  font.encode = encode;
  // pdfkit's widthOfString, each text's width kept for the document (a cell is measured, then
  // broken into lines, then drawn).
  const widths = new Map<string, number>();
  font.widthOfString = function (text, size, features) {
    if (features) return this.layout(text, features, true).advanceWidth * (size / 1000);
    let width = widths.get(text);
    if (width === undefined) widths.set(text, (width = this.layout(text, undefined, true).advanceWidth));
    return width * (size / 1000);
  };
  // Variable fonts re-encode their glyphs' outlines: left to fontkit (DejaVu Sans is not one).
  if (!kept.font._variationProcessor && kept.font.directory.tables.glyf) {
    const glyphs = kept.glyphs;
    font.subset._addGlyph = function (gid) {
      return addGlyph.call(this, glyphs, gid);
    };
    if (kept.subsetTemplate === undefined) kept.subsetTemplate = subsetTemplate(kept.font);
    const template = kept.subsetTemplate;
    if (template)
      font.subset.encode = function () {
        return subsetEncode.call(this, template);
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

const getOrSet = <K, V>(map: Map<K, V>, key: K, make: () => V): V => {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
};

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

/** A page's content as pdfkit would write it (each operator a line), in bytes. */
export class ContentBytes {
  private buf = Buffer.allocUnsafe(16_384);
  private length = 0;

  private room(n: number) {
    if (this.length + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(2 * this.buf.length, this.length + n));
    this.buf.copy(next, 0, 0, this.length);
    this.buf = next;
  }

  /** A string, one byte per character (pdfkit writes its content as 'binary'). */
  text(s: string) {
    this.room(s.length);
    if (s.length > 32) this.length += this.buf.write(s, this.length, 'latin1');
    else for (let i = 0; i < s.length; i++) this.buf[this.length++] = s.charCodeAt(i);
    return this;
  }

  bytes(b: Uint8Array) {
    this.room(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
    return this;
  }

  /**
   * A number as pdfkit writes it: `${PDFObject.number(n)}`, that is n rounded to 6 decimals. Below
   * 1e9 the shortest decimal of that double (what String() answers) has those digits, trailing
   * zeros dropped: no other number of 6 decimals is that close to it.
   */
  num(n: number) {
    const k = Math.round(num(n) * 1e6);
    if (!(Math.abs(k) < 1e15)) return this.text(String(num(n)));
    if (k === 0) return this.text('0');
    this.room(24);
    const b = this.buf;
    if (k < 0) b[this.length++] = 45; // '-'
    const abs = Math.abs(k);
    const whole = Math.floor(abs / 1e6);
    let frac = abs - whole * 1e6;
    this.digits(whole);
    if (frac) {
      b[this.length++] = 46; // '.'
      let places = 6;
      while (frac % 10 === 0) {
        frac /= 10;
        places--;
      }
      for (let i = places - 1; i >= 0; i--) {
        b[this.length + i] = 48 + (frac % 10);
        frac = Math.floor(frac / 10);
      }
      this.length += places;
    }
    return this;
  }

  private digits(n: number) {
    let count = 1;
    for (let m = n; m >= 10; m = Math.floor(m / 10)) count++;
    for (let i = count - 1; i >= 0; i--) {
      this.buf[this.length + i] = 48 + (n % 10);
      n = Math.floor(n / 10);
    }
    this.length += count;
  }

  get size() {
    return this.length;
  }

  view() {
    return this.buf.subarray(0, this.length);
  }
}

/**
 * Fast text for one document: `cell` and `heightOf` answer what pdf.text(text, x, y, { width, align })
 * and pdf.heightOfString(text, { width }) would, and `finish` writes the pages' content (before
 * pdf.end()). Set up once, right after the fonts.
 */
export function fastText(pdf: PDFKit.PDFDocument) {
  const doc = internals(pdf);

  // The page content, kept as bytes: see the top of this file.
  const kept = new Map<Page, ContentBytes>();
  const contentOf = (page: Page) => getOrSet(kept, page, () => new ContentBytes());
  const flush = (page: Page) => {
    const bytes = kept.get(page)?.view();
    kept.delete(page);
    if (!bytes?.length) return;
    const content = page.content;
    // Something wrote to the page without addContent (pdfkit does only for tagged PDFs, which
    // these are not): pdfkit deflates the whole stream itself.
    if (!content.compress || content.buffer.length) return page.write(Buffer.from(bytes));
    content.compress = false;
    content.write(deflateSync(bytes, { level: CONTENT_DEFLATE_LEVEL }));
    content.data.Filter = 'FlateDecode';
  };
  doc.addContent = (data) => {
    // PDFReference.write ends each operator given as a string with a line break, not bytes.
    if (typeof data === 'string') contentOf(doc.page).text(data).text('\n');
    else contentOf(doc.page).bytes(data);
    return pdf;
  };

  // pdf.fillColor('#rrggbb'): pdfkit parses the color and writes its components again for every
  // cell; its operator is kept per color for the document.
  const fillColor = pdf.fillColor;
  const colorOps = new Map<string, string | null>();
  pdf.fillColor = function (color: unknown, opacity?: number) {
    if (typeof color !== 'string' || color.charAt(0) !== '#' || opacity != null)
      return fillColor.call(pdf, color as string, opacity);
    let op = colorOps.get(color);
    if (op === undefined) {
      const rgb = doc._normalizeColor(color);
      colorOps.set(color, (op = rgb?.length === 3 ? `${rgb.join(' ')} scn` : null));
    }
    if (op === null) return fillColor.call(pdf, color, opacity);
    // _setColorCore: the color space, then the color; no opacity to set.
    doc.addContent('/DeviceRGB cs');
    doc.addContent(op);
    doc._fillColor = [color, opacity];
    return pdf;
  } as typeof pdf.fillColor;

  /**
   * The lines pdfkit's wrapper makes of `text` in `width` with the current font, as it passes
   * them on (a line that ends a paragraph keeps its '\n'), or null when that is not certain here.
   */
  const wrapped = new Map<EmbeddedFont, Map<number, Map<number, Map<string, string[] | null>>>>();
  const linesOf = (text: string, width: number): string[] | null => {
    const bySize = getOrSet(wrapped, doc._font, () => new Map<number, Map<number, Map<string, string[] | null>>>());
    const byText = getOrSet(
      getOrSet(bySize, doc._fontSize, () => new Map()),
      width,
      () => new Map(),
    );
    let lines = byText.get(text);
    if (lines === undefined) byText.set(text, (lines = breakLines(text, width)));
    return lines;
  };
  const breakLines = (text: string, width: number): string[] | null => {
    if (!text || SPECIAL.test(text)) return null;
    // The wrapper's line width: _initOptions, then LineWrapper (one column, no indent).
    const lineWidth = (Math.max(width, 0) * 100) / 100;
    const wordWidth = (word: string) => pdfNumber(pdf.widthOfString(word));
    const paragraphs = text.split('\n');
    // One paragraph of such words that fits whole: one line (the words' widths, each rounded
    // down, add up to no more than the whole).
    if (paragraphs.length === 1 && text.charCodeAt(0) !== 32 && SPACE_BREAKS_ONLY.test(text)) {
      if (pdf.widthOfString(text) <= lineWidth - 1e-6) return [text];
    }
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
  const shown = new Map<EmbeddedFont, Map<string, Uint8Array>>();
  const showText = (font: EmbeddedFont, text: string, x: number, y: number, out: ContentBytes) => {
    const byText = getOrSet(shown, font, () => new Map<string, Uint8Array>());
    const known = byText.get(text);
    if (known !== undefined) return out.bytes(known);
    const start = out.size;
    const [encoded, positions] = font.encode(text);
    const scale = doc._fontSize / 1000;
    // _fragment's commands, written as they come: `<hex> advance` segments, joined by spaces in
    // a `[...] TJ` operator, each glyph placed off the baseline by a Tm operator of its own.
    let last = 0;
    let open = false;
    let hadOffset = false;
    let placed = false;
    const addSegment = (cur: number) => {
      if (last < cur) {
        out.text(open ? ' <' : '[<');
        open = true;
        for (let g = last; g < cur; g++) out.text(encoded[g]!);
        const advance = positions[cur - 1]!.xAdvance - positions[cur - 1]!.advanceWidth;
        out.text('> ').num(-advance);
      }
      last = cur;
    };
    const flushTJ = (i: number) => {
      addSegment(i);
      if (open) out.text('] TJ\n');
      open = false;
    };
    let i = 0;
    for (; i < positions.length; i++) {
      const pos = positions[i]!;
      if (pos.xOffset || pos.yOffset) {
        flushTJ(i);
        out
          .text('1 0 0 1 ')
          .num(x + pos.xOffset * scale)
          .text(' ')
          .num(y + pos.yOffset * scale)
          .text(' Tm\n');
        flushTJ(i + 1);
        hadOffset = true;
        placed = true;
      } else {
        if (hadOffset) {
          out.text('1 0 0 1 ').num(x).text(' ').num(y).text(' Tm\n');
          hadOffset = false;
        }
        if (pos.xAdvance - pos.advanceWidth !== 0) addSegment(i + 1);
      }
      x += pos.xAdvance * scale;
    }
    flushTJ(i);
    if (!placed) byText.set(text, new Uint8Array(out.view().subarray(start)));
  };

  /** pdfkit's _fragment for a line of plain text (no spacing options, links or decorations). */
  const fragment = (line: string, x: number, y: number, lineWidth: number, align: 'left' | 'right') => {
    const text = line.replace(/\n/g, '');
    if (text.length === 0) return;
    const font = doc._font;
    const page = doc.page;
    if (align === 'right') x += lineWidth - pdf.widthOfString(/\s$/.test(text) ? text.replace(/\s+$/, '') : text);
    const dy = (font.ascender / 1000) * doc._fontSize;
    y = page.height - y - dy;
    if (page.fonts[font.id] == null) page.fonts[font.id] = font.ref();
    // save() and the flip of the y axis, restore() after: pdfkit's transformation matrix is where
    // it was before.
    const out = contentOf(page);
    out.text('q\n1 0 0 -1 0 ').num(page.height).text(' cm\nBT\n1 0 0 1 ').num(x).text(' ').num(y);
    out.text(' Tm\n/').text(font.id).text(' ').num(doc._fontSize).text(' Tf\n');
    showText(font, text, x, y, out);
    out.text('ET\nQ\n');
  };

  return {
    /** pdf.text(text, x, y, { width, align }). */
    cell(text: string, x: number, y: number, width: number, align?: 'right') {
      const lines = doc._wrapper || doc._textOptions ? null : linesOf(text, width);
      const lineHeight = lines && pdf.currentLineHeight(true) + (doc._lineGap || 0);
      // Lines that would run past the bottom margin: pdfkit's wrapper starts a new page.
      if (!lines || !lineHeight || y + lineHeight * lines.length > doc.page.height - doc.page.margins.bottom - 0.01)
        return pdf.text(text, x, y, align ? { width, align } : { width });
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
