/** Worker thread: renders PDFs so the event loop keeps answering other requests. */
import { parentPort } from 'node:worker_threads';
import type { PrintableDocument } from '@desk/domain';
import { renderCountSheet, type CountSheet } from './render-count-sheet.js';
import { renderPdf } from './render-pdf.js';

parentPort?.on('message', async (msg: { id: number; doc: PrintableDocument | CountSheet }) => {
  try {
    const pdf = 'countSheet' in msg.doc ? await renderCountSheet(msg.doc) : await renderPdf(msg.doc);
    // A copy: the Buffer may share Node's allocation pool, which Node 24 refuses to transfer.
    const bytes = new Uint8Array(pdf);
    parentPort!.postMessage({ id: msg.id, pdf: bytes }, [bytes.buffer as ArrayBuffer]);
  } catch (e) {
    parentPort!.postMessage({ id: msg.id, error: (e as Error).message });
  }
});
