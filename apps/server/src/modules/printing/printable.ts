/** Builds the print model of an order or quote from the stored document and the pricing module. */
import {
  addDays,
  cityLine,
  formatCents,
  rateFromScaled,
  type CompanySettings,
  type Customer,
  type DocumentKind,
  type PrintableDocument,
} from '@desk/domain';
import type { Db } from '../../lib/sql.js';
import * as products from '../catalog/products.repository.js';
import * as customers from '../customers/customers.repository.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { found } from '../../lib/errors.js';
import { KINDS } from '../documents/kinds.js';
import { subPartsForDocument } from '../documents/documents.cart.repository.js';
import { findHeaderRow } from '../documents/documents.headers.repository.js';
import { pricedDocument } from '../documents/documents.pricing.js';

const address = ({ street, city, state, zipCode }: Customer['shipTo']) =>
  [street, [city, [state, zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter(
    (x): x is string => !!x,
  );

/** 'customer - job - OrderID n', safe as a file name. */
export function documentFileName(
  kind: DocumentKind,
  id: number,
  customer: string,
  job: string | null,
  pickTicket = false,
): string {
  const raw = `${customer} - ${job ?? 'no job'} - ${pickTicket ? 'PickTicket ' : ''}${kind === 'order' ? 'OrderID' : 'QuoteID'} ${id}`;
  // Characters that are unsafe in file names, control characters included, become spaces.
  const unsafe = (c: string) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 || '\\/:*?"<>|'.includes(c);
  return [...raw]
    .map((c) => (unsafe(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 180);
}

const isAppliedLift = (s: { source: string; category: string | null }) => s.source === 'MOD' && s.category === 'Lift';

export async function printableDocument(
  db: Db,
  kind: DocumentKind,
  id: number,
  /**
   * noPricePrint: the request's choice; undefined leaves it to the document's stored flag.
   * pickTicket (orders): the pick ticket, never priced, whatever the flag.
   */
  opts: {
    company: CompanySettings;
    taxRate: number;
    noPricePrint: boolean | undefined;
    pickTicket?: boolean | undefined;
    clock: Clock;
  },
): Promise<PrintableDocument> {
  const k = KINDS[kind];
  const header = found(await findHeaderRow(db, k, id), `${k.label} ${id} does not exist.`);
  const customer = found(
    await customers.findById(db, header.customer_id),
    `Customer ${header.customer_id} does not exist.`,
  );
  const { cart, totalsCents } = await pricedDocument(db, k, header, opts.taxRate);
  const subs = await subPartsForDocument(db, k, id);
  const liftNotes = await products.liftNotesOf(
    db,
    cart.filter((l) => (subs.get(l.id) ?? []).some(isAppliedLift)).map((l) => l.product.id),
  );
  const company = opts.company;
  const date = header[k.dateColumn] as string;
  const money = (c: number) => formatCents(c);
  const ratePercent = (rateFromScaled(opts.taxRate) * 100).toFixed(4).replace(/\.?0+$/, '');
  return {
    companyName: company.name,
    letterhead: [
      company.street,
      cityLine(company),
      company.phone ? `Phone: ${company.phone}` : null,
      company.email ? `E-mail: ${company.email}` : null,
    ].filter((x): x is string => !!x),
    kind,
    ...(kind === 'quote'
      ? (() => {
          const q = header as unknown as { quote_number: number | null; revision: number };
          return { number: q.quote_number ?? id, revision: q.revision };
        })()
      : { number: id }),
    date,
    printedAt: isoAt(opts.clock()).slice(0, 10),
    status: kind === 'order' ? (header.status_type ?? null) : null,
    customer: {
      name: customer.name,
      customerNo: customer.customerNo,
      contactName: customer.contactName,
      email: customer.email,
      phone: customer.phone,
      street: address(customer.streetAddress),
      shipTo: address(customer.shipTo),
    },
    jobName: header.job_name,
    poNumber: header.po_number,
    specialInstructions: header.special_instructions,
    validUntil: kind === 'quote' && company.quoteValidityDays ? addDays(date, company.quoteValidityDays) : null,
    terms: company.terms,
    lines: cart.map((l) => ({
      quantity: l.quantity,
      itemNo: l.product.itemNo,
      itemDescription: l.product.itemDescription,
      unitPrice: money(l.price.unitPriceCents),
      linePrice: money(l.price.linePriceCents),
      charged: l.price.counts,
      overridden: l.price.overridden,
      subParts: (subs.get(l.id) ?? []).map((s) => ({
        quantity: s.quantity,
        itemNo: s.product.itemNo,
        itemDescription: s.product.itemDescription,
        notes: s.notes,
        inches: s.inches,
        fromModifier: s.source === 'MOD',
        category: s.category,
        // The package's LiftNotes belong to its lift: printed only under an applied Lift modifier.
        liftNotes: isAppliedLift(s) ? (liftNotes.get(l.product.id) ?? []) : [],
      })),
    })),
    totals: {
      subTotal: money(totalsCents.subTotalCents),
      taxLabel: `Tax (${ratePercent}%)`,
      tax: money(totalsCents.taxCents),
      total: money(totalsCents.totalCents),
      useTax: header.use_tax === 1,
    },
    noPricePrint: opts.pickTicket ? true : (opts.noPricePrint ?? header.no_price_print === 1),
    ...(opts.pickTicket ? { pickTicket: true } : {}),
    fileName: documentFileName(kind, id, customer.name, header.job_name, opts.pickTicket),
  };
}
