/** Reading a PDF back in tests with poppler-utils (pdftotext), installed by .ci/run. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Whether pdftotext is here; under CI its absence is an error, elsewhere the checks are skipped loudly. */
export const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    if (process.env.CI) throw new Error('pdftotext (poppler-utils) is missing: CI must install it');
    console.warn('\n*** SKIPPED: PDF text checks need pdftotext: apt-get install poppler-utils ***\n');
    return false;
  }
})();

/** The PDF's text in content-stream order, whitespace folded: wrapped cells read as one run. */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'desk-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
