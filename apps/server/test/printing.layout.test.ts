/**
 * The customer documents read back page by page (poppler-utils: pdfinfo for the page count,
 * pdftotext -layout per page, pdftotext -bbox for where the text sits): a 1-line, a 20-line and
 * a 60-line order and a quote, with door packages whose sub-parts and modifiers give the lines
 * real height. Exactly as many pages as the content needs, a footer on every page, the table
 * header repeated, the totals beside the lines, the letterhead, "Valid until", LiftNotes only
 * under a Lift modifier, and no price at all when prices are hidden.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, SIERRA_LETTERHEAD, userApi, type TestApp } from './support.js';

const hasPoppler = (() => {
  try {
    execFileSync('pdfinfo', ['-v'], { stdio: 'ignore' });
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasPoppler) {
  if (process.env.CI) throw new Error('pdfinfo/pdftotext (poppler-utils) are missing: CI must install them');
  console.warn('\n*** SKIPPED: PDF layout checks need poppler-utils: apt-get install poppler-utils ***\n');
}

const COMPANY = {
  ...SIERRA_LETTERHEAD,
  terms: 'Special-order doors need a 50 percent deposit. Returns within 30 days in original packaging.',
};
/** LETTER, in points; the content ends at the bottom margin (50 pt), the footer sits below it. */
const PAGE_HEIGHT = 792;
const CONTENT_BOTTOM = PAGE_HEIGHT - 50;
const TABLE_HEADER = /Qty\s+Item No\s+Description\s+Unit Price\s+Line Price/;
const TABLE_HEADER_NO_PRICES = /Qty\s+Item No\s+Description\s*$/m;

interface Word {
  text: string;
  yMin: number;
  yMax: number;
}
interface ReadPdf {
  pages: number;
  text: string[];
  words: Word[][];
}

/** Page count, each page's text (layout kept) and words with their positions. */
function readPdf(pdf: Buffer): ReadPdf {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'desk-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)![1]);
    const text: string[] = [];
    const words: Word[][] = [];
    for (let p = 1; p <= pages; p++) {
      const f = ['-f', String(p), '-l', String(p)];
      text.push(execFileSync('pdftotext', ['-layout', ...f, file, '-'], { encoding: 'utf8' }));
      const html = execFileSync('pdftotext', ['-bbox', ...f, file, '-'], { encoding: 'utf8' });
      words.push(
        [...html.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(
          (m) => ({ yMin: Number(m[1]), yMax: Number(m[2]), text: m[3]! }),
        ),
      );
    }
    return { pages, text, words };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(engines())('document layout (%s)', (engine) => {
  let t: TestApp;
  let staff: string;
  const docs: Record<string, { id: number; kind: 'order' | 'quote'; lines: number; lifts: number }> = {};

  const call = (cookie: string) => userApi(() => ({ t, cookie })).data;

  const download = async (kind: 'order' | 'quote', id: number, noPricePrint = false, tag = '') => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/download-excel${kind === 'order' ? 'Order' : 'Quote'}/${id}`,
      headers: { cookie: staff },
      payload: { noPricePrint },
    });
    expect(res.statusCode).toBe(200);
    // PDF_LAYOUT_OUT=<dir> keeps the documents, to look at them (pdftoppm -png -r 60).
    if (process.env.PDF_LAYOUT_OUT)
      writeFileSync(
        path.join(process.env.PDF_LAYOUT_OUT, `${kind}-${id}${noPricePrint ? '-noprice' : ''}${tag}.pdf`),
        res.rawPayload,
      );
    return readPdf(res.rawPayload);
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { COMPANY_NAME: 'Configured Name Only' });
    const admin = await t.login();
    staff = await t.staff('counter');
    const A = call(admin);
    const S = call(staff);
    await A('PUT', '/api/settings/company', COMPANY);
    const types = await t.productTypes();
    const product = (itemNo: string, itemDescription: string, extra: object = {}) =>
      A('POST', '/api/products/create', { itemNo, itemDescription, productType: types.Hardware, ...extra });
    const pkg = await A('POST', '/api/products/create', {
      itemNo: 'PKG-1607',
      itemDescription: '16x7 insulated steel sectional door package, white, raised panel',
      wholesalePrice: 1185,
      multiplierCategory: 'Sectional',
      productType: types['Door Package'],
    });
    const assoc = [
      await product('HNG-02', '#2 residential hinge'),
      await product('RLR-10', '10-ball nylon roller, long stem'),
      await product('SEAL-16', 'Bottom seal, 16 ft, vinyl'),
      await product('TRK-2', '2 in track set, 7 ft, bracket mount'),
    ];
    for (const [i, part] of assoc.entries())
      await A('POST', `/api/package/associated-parts/create/${pkg.id}`, { child: part.id, quantity: 2 + i * 2 });
    const kit = await product('HLK-24', 'High-lift track kit, 24 in', { modifierCostIncrease: 185 });
    const glass = await product('WIN-SH', 'Sherwood window section, insulated glass', { modifierCostIncrease: 240 });
    const lift = await A('POST', `/api/package/modifiers/create/${pkg.id}`, {
      category: 'Lift',
      name: 'High lift 24',
      product: kit.id,
    });
    const windows = await A('POST', `/api/package/modifiers/create/${pkg.id}`, {
      category: 'Windows',
      name: 'Sherwood',
      product: glass.id,
    });
    await A('POST', `/api/package/modifiers/create/${pkg.id}`, {
      category: 'LiftNotes',
      notes: 'HL 24 in, jackshaft opener',
    });
    const parts = [
      await product('RMT-3B', '3-button remote', { wholesalePrice: 29, productType: types.Part }),
      await product('OPN-850', '1/2 HP belt drive opener with wall console', {
        wholesalePrice: 240,
        productType: types.Opener,
      }),
      await product('SPR-250', 'Torsion spring .250 x 2 x 32', { wholesalePrice: 38, productType: types.Spring }),
      await product('KPD-1', 'Wireless keypad', { wholesalePrice: 22, productType: types.Part }),
    ];
    const customer = await S('POST', '/api/customers/create', {
      name: 'Hendricks Garage Doors',
      contactName: 'Ana Hendricks',
      email: 'ana@hendricks.example.com',
      useTax: true,
      streetAddress: { street: '705 Natoma St', city: 'Folsom', state: 'CA', zipCode: '95630' },
    });
    /** Every fourth line a door package (four sub-parts, a window), every eighth also lifted. */
    const make = async (name: string, kind: 'order' | 'quote', n: number) => {
      const doc = await S('POST', `/api/${kind}s/create`, { customer: customer.id, jobName: `${name} job` });
      let lifts = 0;
      for (let i = 0; i < n; i++) {
        if (i % 4 === 0) {
          const line = await S('POST', `/api/${kind}-parts/create/${doc.id}`, { product: pkg.id, quantity: 1 });
          await S('POST', `/api/${kind}s/package-modifiers/upsert/${line.id}`, {
            id: windows.id,
            notes: 'top section',
          });
          if (i % 8 === 0) {
            await S('POST', `/api/${kind}s/package-modifiers/upsert/${line.id}`, {
              id: lift.id,
              notes: 'check headroom',
              inches: '24',
            });
            lifts++;
          }
        } else {
          await S('POST', `/api/${kind}-parts/create/${doc.id}`, { product: parts[i % parts.length].id, quantity: i });
        }
      }
      docs[name] = { id: doc.id, kind, lines: n, lifts };
    };
    await make('order1', 'order', 1);
    await make('order20', 'order', 20);
    await make('order60', 'order', 60);
    await make('quote20', 'quote', 20);
  }, 120_000);
  afterAll(async () => t?.close());

  /** The checks every document passes, whatever its length. */
  const checkEveryPage = (pdf: ReadPdf, kind: 'order' | 'quote', id: number, priced = true) => {
    const label = `${COMPANY.name} - ${kind === 'order' ? 'Order' : 'Quote'} ${id}`;
    pdf.text.forEach((page, i) => {
      const where = `page ${i + 1} of ${pdf.pages}`;
      expect(page, where).toContain(label);
      expect(page, where).toMatch(new RegExp(`Page ${i + 1} of ${pdf.pages}\\s*$`, 'm'));
      // Every page continues the table under its header row and holds at least one line.
      expect(page, where).toMatch(priced ? TABLE_HEADER : TABLE_HEADER_NO_PRICES);
      expect(page, where).toMatch(/(PKG-1607|RMT-3B|OPN-850|SPR-250|KPD-1)/);
      // Nothing but the footer below the bottom margin.
      const below = pdf.words[i]!.filter((w) => w.yMax > CONTENT_BOTTOM + 1).map((w) => w.text);
      expect(below.join(' '), where).toBe(`${label} Page ${i + 1} of ${pdf.pages}`.replace(/\s+/g, ' '));
    });
    // A page ends early only to keep a line with its sub-parts (at most about 120 pt here) or
    // the last line with the totals: no page is left mostly empty.
    for (let i = 0; i < pdf.pages - 1; i++) {
      const content = pdf.words[i]!.filter((w) => w.yMax <= CONTENT_BOTTOM + 1);
      const lowest = Math.max(...content.map((w) => w.yMax));
      expect(CONTENT_BOTTOM - lowest, `blank space at the foot of page ${i + 1}`).toBeLessThan(190);
    }
  };

  /** The totals stand on a page that also holds at least one line of the table. */
  const checkTotals = (pdf: ReadPdf) => {
    const withTotal = pdf.text
      .map((p, i) => [p, i] as const)
      .filter(([p]) => /^\s+Total\s+\$[\d,]+\.\d\d\s*$/m.test(p));
    expect(withTotal).toHaveLength(1);
    const [page, index] = withTotal[0]!;
    expect(index).toBe(pdf.pages - 1);
    expect(page).toMatch(/Sub Total\s+\$[\d,]+\.\d\d/);
    // A table line above the totals on the same page.
    const lines = page.split('\n');
    const totalAt = lines.findIndex((l) => /Sub Total/.test(l));
    expect(lines.slice(0, totalAt).some((l) => /^\s*\d+\s+(PKG-1607|RMT-3B|OPN-850|SPR-250|KPD-1)\b/.test(l))).toBe(
      true,
    );
  };

  /** A priced document's PDF on the expected pages (the count logged), every page and the totals checked. */
  const checkedPdf = async (name: string, label: string, pages: number) => {
    const d = docs[name]!;
    const pdf = await download(d.kind, d.id);
    console.log(`[pdf pages, ${engine}] ${label}: ${pdf.pages}`);
    expect(pdf.pages).toBe(pages);
    checkEveryPage(pdf, d.kind, d.id);
    checkTotals(pdf);
    return { d, pdf };
  };

  it.skipIf(!hasPoppler)('prints a 1-line order on exactly one page, with the letterhead and the footer', async () => {
    const { pdf } = await checkedPdf('order1', '1-line order', 1);
    const page1 = pdf.text[0]!;
    for (const s of [
      COMPANY.name,
      COMPANY.street,
      'Sacramento, CA 95815',
      `Phone: ${COMPANY.phone}`,
      `E-mail: ${COMPANY.email}`,
    ])
      expect(page1, s).toContain(s);
    expect(page1).not.toContain('Configured Name Only');
    expect(page1).not.toContain('Valid until');
    // The order's one door package is lifted: its LiftNotes print under the Lift modifier.
    expect(page1).toContain('Lift notes: HL 24 in, jackshaft opener');
    expect(page1).toContain('TERMS');
  });

  it.skipIf(!hasPoppler)('breaks a 20-line order over as many pages as it needs, header repeated', async () => {
    const { pdf } = await checkedPdf('order20', '20-line order', 2);
    expect(pdf.text[0]).toContain(COMPANY.street);
  });

  it.skipIf(!hasPoppler)('breaks a 60-line order over as many pages as it needs, header repeated', async () => {
    const { d, pdf } = await checkedPdf('order60', '60-line order', 5);
    // Each line printed once: the 60 quantities of the first column, in order.
    const all = pdf.text.join('\n');
    const itemRows = all.match(/^\s*\d+\s+(PKG-1607|RMT-3B|OPN-850|SPR-250|KPD-1)\b/gm) ?? [];
    expect(itemRows).toHaveLength(60);
    // LiftNotes only under the lifted packages (every eighth line), not under the others.
    expect(all.match(/Lift notes: HL 24 in, jackshaft opener/g) ?? []).toHaveLength(d.lifts);
    expect(all.match(/^\s*1\s+PKG-1607\b/gm) ?? []).toHaveLength(15);
  });

  it.skipIf(!hasPoppler)(
    'prints a quote with "Valid until" the quote date plus the validity, and the terms',
    async () => {
      const { d, pdf } = await checkedPdf('quote20', '20-line quote', 2);
      const quote = await call(staff)('GET', `/api/quotes/${d.id}`);
      expect(quote.quoteDate).toBe('2026-11-02');
      expect(pdf.text[0]).toContain('Valid until 2026-12-02');
      expect(pdf.text[pdf.pages - 1]).toContain('TERMS');
      expect(pdf.text.join(' ').replace(/\s+/g, ' ')).toContain(COMPANY.terms);
    },
  );

  it.skipIf(!hasPoppler)('prints no price, unit price or total anywhere when prices are hidden', async () => {
    for (const name of ['order1', 'order60', 'quote20'] as const) {
      const d = docs[name]!;
      const pdf = await download(d.kind, d.id, true);
      console.log(`[pdf pages, ${engine}] ${name} without prices: ${pdf.pages}`);
      checkEveryPage(pdf, d.kind, d.id, false);
      const all = pdf.text.join('\n');
      expect(all).not.toContain('$');
      expect(all).not.toMatch(/Unit Price|Line Price|Sub Total|Total|Tax|price override|n\/c/);
      expect(all).not.toMatch(/\d+\.\d{2}\b/);
      // The pick ticket still lists every line.
      expect(all.match(/^\s*\d+\s+(PKG-1607|RMT-3B|OPN-850|SPR-250|KPD-1)\b/gm) ?? []).toHaveLength(d.lines);
    }
  });

  it.skipIf(!hasPoppler)(
    'prints no "Valid until" once the validity is cleared, and the new letterhead at once',
    async () => {
      const admin = await t.login();
      const current = await call(admin)('GET', '/api/settings/company');
      await call(admin)('PUT', '/api/settings/company', {
        ...current,
        name: 'Sierra Doors West',
        phone: null,
        quoteValidityDays: null,
        terms: null,
      });
      const pdf = await download('quote', docs.quote20!.id, false, '-renamed');
      const all = pdf.text.join('\n');
      expect(all).not.toContain('Valid until');
      expect(all).not.toContain('TERMS');
      expect(all).not.toContain('Phone: (916)');
      expect(pdf.text[0]).toContain('Sierra Doors West');
      expect(all.match(new RegExp(`Sierra Doors West - Quote ${docs.quote20!.id}`, 'g'))).toHaveLength(pdf.pages);
      await call(admin)('PUT', '/api/settings/company', { ...COMPANY, version: undefined });
    },
  );
});
