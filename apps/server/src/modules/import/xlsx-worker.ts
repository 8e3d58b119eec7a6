/** Worker thread: reads workbooks off the event loop (xlsx-reader.ts), one at a time. */
import { parentPort } from 'node:worker_threads';
import { readXlsxRows } from './xlsx-sheet.js';
import { UnzipRefusal } from './xlsx-unzip.js';

parentPort!.on('message', (msg: { id: number; bytes: Uint8Array }) => {
  readXlsxRows(msg.bytes).then(
    (rows) => parentPort!.postMessage({ id: msg.id, rows }),
    (e: Error) => parentPort!.postMessage({ id: msg.id, refusal: e instanceof UnzipRefusal, error: e.message }),
  );
});
