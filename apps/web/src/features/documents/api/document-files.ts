import { PRINT_WINDOW_CLOSE_MS, type DocumentHeader, type DocumentKind, type EmailSent } from '@desk/domain';
import { KIND_INFO } from '../kinds';
import { api } from '../../../lib/api-client';

/** The PDF's name: 'customer - job - OrderID n' or '... - QuoteID n' (docs/product.md section 7). */
export function documentFileName(kind: DocumentKind, doc: Pick<DocumentHeader, 'id' | 'customer' | 'jobName'>): string {
  const parts = [doc.customer.name, doc.jobName, `${KIND_INFO[kind].fileSuffix}ID ${doc.id}`];
  return parts.filter((p) => p !== null && p.trim() !== '').join(' - ');
}

/**
 * POST /api/download-excel{Order|Quote}/{id} {orderId, noPricePrint}: the document as a PDF.
 * The server prices it itself; nothing the browser computes is sent.
 */
export function fetchDocumentPdf(
  kind: DocumentKind,
  id: number,
  noPricePrint = false,
  pickTicket = false,
): Promise<Blob> {
  return api.postForFile(`/api/download-excel${KIND_INFO[kind].fileSuffix}/${id}`, {
    orderId: id,
    noPricePrint,
    ...(pickTicket ? { pickTicket: true } : {}),
  });
}

/** Download: saves the PDF as '{customer} - {job} - OrderID {n}.pdf'; without prices when asked. */
export async function downloadDocument(kind: DocumentKind, doc: DocumentHeader, noPricePrint = false): Promise<void> {
  const blob = await fetchDocumentPdf(kind, doc.id, noPricePrint);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${documentFileName(kind, doc)}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Print: opens the same PDF in a new window, prints it and closes the window after 20 seconds.
 * pickTicket (orders): the pick ticket, without prices and with the barcode, whatever the order's
 * "Print without prices" says (it is left as saved).
 */
export async function printDocument(
  kind: DocumentKind,
  doc: DocumentHeader,
  noPricePrint = false,
  pickTicket = false,
): Promise<void> {
  const blob = await fetchDocumentPdf(kind, doc.id, noPricePrint || pickTicket, pickTicket);
  const url = URL.createObjectURL(blob);
  const printWindow = window.open(url, '_blank');
  if (!printWindow) {
    URL.revokeObjectURL(url);
    throw new Error('The browser blocked the print window. Allow pop-ups for this site and try again.');
  }
  let printed = false;
  const print = () => {
    if (printed || printWindow.closed) return;
    printed = true;
    printWindow.focus();
    printWindow.print();
  };
  printWindow.addEventListener('load', print, { once: true });
  // Some PDF viewers never fire load on the opener's side.
  setTimeout(print, 1500);
  setTimeout(() => {
    if (!printWindow.closed) printWindow.close();
    URL.revokeObjectURL(url);
  }, PRINT_WINDOW_CLOSE_MS);
}

/**
 * Send Email: POST /api/send-email{Order|Quote}/{id} {orderId, fileName, customerID, noPricePrint,
 * to, cc, note}. The server renders and prices the PDF and mails it to the recipient the clerk
 * chose (without one, the customer); answers with its message and what was sent.
 */
export async function emailDocument(
  kind: DocumentKind,
  doc: DocumentHeader,
  noPricePrint = false,
  choice?: { to: string; cc: string; note: string },
): Promise<{ message: string; sent: EmailSent | null }> {
  const { data, message } = await api.request<EmailSent | null>(
    'POST',
    `/api/send-email${KIND_INFO[kind].fileSuffix}/${doc.id}`,
    {
      orderId: doc.id,
      fileName: documentFileName(kind, doc),
      customerID: doc.customer.id,
      noPricePrint,
      ...choice,
    },
  );
  return { message, sent: data };
}
