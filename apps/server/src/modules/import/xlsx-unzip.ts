/**
 * A workbook unzipped once, under a byte counter (docs/architecture.md section 15; issue 37,
 * findings 1 and 2). What a zip *declares* is not what a reader inflates: a streaming reader
 * inflates each local entry until its deflate data ends, whatever the central directory says, so
 * a 205 KB workbook that declared 4,000 bytes for a sheet inflated to 200 MB. Here every entry is
 * inflated in small steps, counted as it goes, and refused as soon as it passes what it declared,
 * the workbook's limit, or a ratio no spreadsheet reaches; an entry whose local header and central
 * directory disagree is refused. What the reader then gets is a new zip of what was inflated
 * (stored, not compressed), so it inflates nothing itself.
 *
 * No kept library bounds what it inflates per entry this way (fflate's unzipSync sizes its output
 * from the central directory; read-excel-file's reader streams the local entries), so the zip's
 * two directories are read here, by the format's fixed layout (APPNOTE 4.3), and fflate inflates.
 */
import { Inflate, zipSync } from 'fflate';

/** Most a workbook may unzip to, all parts together. */
export const MAX_UNZIPPED = 64 * 1024 * 1024;
/**
 * Most an entry may inflate per byte it takes in the file, once it is past RATIO_GRACE: a sheet of
 * real rows compresses 5 to 30 times; a run of one character (a padding comment, a bomb) about
 * 1,000 times. Apache POI refuses past 100 (its ZipSecureFile); this allows twice that.
 */
export const MAX_RATIO = 200;
const RATIO_GRACE = 1024 * 1024;
/** Compressed bytes inflated per step: at most about 1 MB comes out of one step. */
const STEP = 1024;

export class UnzipRefusal extends Error {}

interface CentralEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
const text = (b: Uint8Array, from: number, length: number) => new TextDecoder().decode(b.subarray(from, from + length));
const unreadable = (why: string) => new UnzipRefusal(`The file could not be read as XLSX: ${why}.`);
const mb = (n: number) => Math.round(n / 1048576);

/** The central directory's entries, checked against the file's bounds. */
function centralDirectory(bytes: Uint8Array): CentralEntry[] {
  // The end record: 22 bytes and a comment of up to 65,535, at the very end.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (u32(bytes, i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw unreadable('it has no zip directory (is it a whole file?)');
  const count = u16(bytes, end + 10);
  let at = u32(bytes, end + 16);
  if (count === 0xffff || at === 0xffffffff) throw unreadable('it is a ZIP64 archive, which a workbook never needs');
  const entries: CentralEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || u32(bytes, at) !== 0x02014b50) throw unreadable('its zip directory is damaged');
    const nameLength = u16(bytes, at + 28);
    const entry: CentralEntry = {
      flags: u16(bytes, at + 8),
      method: u16(bytes, at + 10),
      compressedSize: u32(bytes, at + 20),
      size: u32(bytes, at + 24),
      localOffset: u32(bytes, at + 42),
      name: text(bytes, at + 46, nameLength),
    };
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff || entry.localOffset === 0xffffffff)
      throw unreadable('it is a ZIP64 archive, which a workbook never needs');
    entries.push(entry);
    at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
  }
  return entries;
}

/** Where an entry's data starts, after its local header agrees with the central directory. */
function dataStart(bytes: Uint8Array, e: CentralEntry): number {
  const at = e.localOffset;
  if (at + 30 > bytes.length || u32(bytes, at) !== 0x04034b50) throw unreadable(`the part ${e.name} is missing`);
  const nameLength = u16(bytes, at + 26);
  const disagree = (what: string) =>
    new UnzipRefusal(
      `The file could not be read as XLSX: its directory and its contents disagree about ${e.name} (${what}). Open it in Excel and save it again.`,
    );
  if (text(bytes, at + 30, nameLength) !== e.name) throw disagree('the name');
  if (u16(bytes, at + 8) !== e.method) throw disagree('the compression');
  // Sizes in the local header, unless they follow the data (a data descriptor, flag bit 3).
  if (!(u16(bytes, at + 6) & 8)) {
    if (u32(bytes, at + 18) !== e.compressedSize || u32(bytes, at + 22) !== e.size) throw disagree('the size');
  }
  const start = at + 30 + nameLength + u16(bytes, at + 28);
  if (start + e.compressedSize > bytes.length) throw unreadable(`the part ${e.name} is cut short`);
  return start;
}

/** One entry inflated in steps, refused as soon as it passes its declared size or the limits. */
function inflateEntry(bytes: Uint8Array, e: CentralEntry, start: number, budget: number): Uint8Array {
  const data = bytes.subarray(start, start + e.compressedSize);
  if (e.method === 0) {
    if (e.compressedSize !== e.size) throw unreadable(`the part ${e.name} is stored with a wrong size`);
    return data;
  }
  if (e.method !== 8) throw unreadable(`the part ${e.name} is compressed in a way spreadsheets do not use`);
  const out = new Uint8Array(e.size);
  let length = 0;
  let done = false;
  const inflater = new Inflate((chunk, final) => {
    if (length + chunk.length > e.size)
      throw new UnzipRefusal(
        `The file could not be read as XLSX: its part ${e.name} unpacks to more than the ${e.size} bytes its directory says. Open it in Excel and save it again.`,
      );
    out.set(chunk, length);
    length += chunk.length;
    if (final) done = true;
  });
  for (let at = 0; at < data.length && !done; at += STEP) {
    const last = at + STEP >= data.length;
    try {
      inflater.push(data.subarray(at, at + STEP), last);
    } catch (err) {
      if (err instanceof UnzipRefusal) throw err;
      throw unreadable(`the part ${e.name} is damaged (${(err as Error).message})`);
    }
    if (length > budget)
      throw new UnzipRefusal(
        `This workbook is too large to read: it unpacks to more than an import takes (${mb(MAX_UNZIPPED)} MB). Split it, or save it as CSV.`,
      );
    if (length > RATIO_GRACE && length > MAX_RATIO * Math.min(data.length, at + STEP))
      throw new UnzipRefusal(
        `This workbook is too large to read: its part ${e.name} unpacks to over ${MAX_RATIO} times its size in the file, as no spreadsheet does (a padded or hostile file). Open it in Excel and save it again, or save it as CSV.`,
      );
  }
  if (!done || length !== e.size)
    throw new UnzipRefusal(
      `The file could not be read as XLSX: its part ${e.name} unpacks to ${length} bytes, not the ${e.size} its directory says. Open it in Excel and save it again.`,
    );
  return out;
}

/** Every part of a workbook, inflated under the bounds above; throws UnzipRefusal in words. */
export function unzipBounded(bytes: Uint8Array): Map<string, Uint8Array> {
  const entries = centralDirectory(bytes);
  const declared = entries.reduce((n, e) => n + e.size, 0);
  if (declared > MAX_UNZIPPED)
    throw new UnzipRefusal(
      `The file unpacks to ${mb(declared)} MB, more than an import takes (${mb(MAX_UNZIPPED)} MB); split it or save it as CSV.`,
    );
  const parts = new Map<string, Uint8Array>();
  let total = 0;
  for (const e of entries) {
    if (e.name.endsWith('/')) continue; // a folder
    if (parts.has(e.name)) throw unreadable(`it holds the part ${e.name} twice`);
    if (e.flags & 1) throw unreadable('it is encrypted');
    const part = inflateEntry(bytes, e, dataStart(bytes, e), MAX_UNZIPPED - total);
    total += part.length;
    parts.set(e.name, part);
  }
  return parts;
}

/** The parts as a new zip, stored: a reader of it inflates nothing. */
export function storedZip(parts: Map<string, Uint8Array>): Uint8Array {
  return zipSync(Object.fromEntries([...parts].map(([name, data]) => [name, [data, { level: 0 }]])));
}
