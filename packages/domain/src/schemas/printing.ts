import { z } from 'zod';
import { quoteNumberText } from '../quotes.js';

/**
 * Body of download-excel{Order|Quote}/{id} and send-email{Order|Quote}/{id}. The prices in it
 * are NOT trusted (docs/architecture.md section 1): the server prices the stored document itself. Only
 * noPricePrint is read; without it, the document's stored "Print without prices" flag decides.
 */
export const documentOutputSchema = z
  .object({
    orderId: z.unknown().optional(),
    totalPrice: z.unknown().optional(),
    fileName: z.string().max(300).optional(),
    customerID: z.unknown().optional(),
    noPricePrint: z
      .union([z.boolean(), z.literal(0), z.literal(1)])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === true || v === 1)),
    priceList: z.unknown().optional(),
    nonTaxPrice: z.unknown().optional(),
    taxPrice: z.unknown().optional(),
    orderDate: z.unknown().optional(),
    /** Print pick ticket (orders): the order without prices, with its barcode, titled Pick Ticket. */
    pickTicket: z.boolean().optional(),
  })
  .loose()
  .optional()
  .transform((v) => v ?? { noPricePrint: undefined });

/**
 * A file answer (the order and quote PDFs) in the OpenAPI document: binary, not the JSON
 * envelope. `produces` on the route names its content type.
 */
export const pdfFileSchema = z.any().meta({
  type: 'string',
  format: 'binary',
  description: 'The document as a PDF (application/pdf), sent as an attachment',
});

/** "16", or "16 rev 2" for a quote's later revision: the PDF's title and the e-mail's number. */
export const documentNumberText = (doc: { number: number; revision?: number | undefined }) =>
  quoteNumberText(doc.number, doc.revision);

/** A document laid out for print: everything the PDF shows, computed by the server. */
export interface PrintableDocument {
  companyName: string;
  /** The letterhead lines under the company name: street, 'City, ST zip', phone and e-mail. */
  letterhead: string[];
  kind: 'order' | 'quote';
  /** The order's id; the quote's number (shared by its revisions). */
  number: number;
  /** Quotes: the revision, printed after the number from rev 2 on ("Quote 16 rev 2"). */
  revision?: number;
  date: string;
  printedAt: string;
  status: string | null;
  customer: {
    name: string;
    customerNo: string | null;
    contactName: string | null;
    email: string | null;
    phone: string | null;
    street: string[];
    shipTo: string[];
  };
  jobName: string | null;
  poNumber: string | null;
  specialInstructions: string | null;
  /** Quotes: the quote date plus the company's validity days (YYYY-MM-DD), when one is set. */
  validUntil: string | null;
  /** The company's terms, printed after the totals, when set. */
  terms: string | null;
  lines: Array<{
    quantity: number;
    itemNo: string;
    itemDescription: string | null;
    unitPrice: string;
    linePrice: string;
    charged: boolean;
    overridden: boolean;
    subParts: Array<{
      quantity: number;
      itemNo: string;
      itemDescription: string | null;
      notes: string | null;
      inches: string | null;
      fromModifier: boolean;
      category: string | null;
      /** The package's LiftNotes, on the sub-part of an applied Lift modifier only. */
      liftNotes: string[];
    }>;
  }>;
  totals: { subTotal: string; taxLabel: string; tax: string; total: string; useTax: boolean };
  noPricePrint: boolean;
  /** An order's pick ticket: titled so, never priced, with its barcode. */
  pickTicket?: boolean;
  fileName: string;
}
