/** Builds the print model of an order or quote from the stored document and the pricing module. */
import {
  addDays,
  cityLine,
  formatCents,
  rateFromScaled,
  type CompanySettings,
  type DocumentKind,
  type PrintableDocument,
} from '@desk/domain';
import type { Db } from '../../lib/sql.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { found } from '../../lib/errors.js';
import { KINDS } from '../documents/kinds.js';
import * as docs from '../documents/documents.repository.js';

const address = (street: string | null, city: string | null, state: string | null, zip: string | null) =>
  [street, [city, [state, zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter((x): x is string => !!x);

/** 'customer - job - OrderID n', safe as a file name. */
export function documentFileName(kind: DocumentKind, id: number, customer: string, job: string | null): string {
  const raw = `${customer} - ${job ?? 'no job'} - ${kind === 'order' ? 'OrderID' : 'QuoteID'} ${id}`;
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

/** The notes of the LiftNotes modifiers of these packages, by package id. */
async function liftNotesOf(db: Db, packageIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (packageIds.length === 0) return out;
  const rows = await db
    .selectFrom('package_modifiers')
    .select(['package_id', 'notes'])
    .where('package_id', 'in', [...new Set(packageIds)])
    .where('category', '=', 'LiftNotes')
    .where('notes', 'is not', null)
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const notes = r.notes?.trim();
    if (notes) out.set(r.package_id, [...(out.get(r.package_id) ?? []), notes]);
  }
  return out;
}

export async function printableDocument(
  db: Db,
  kind: DocumentKind,
  id: number,
  /** noPricePrint: the request's choice; undefined leaves it to the document's stored flag. */
  opts: { company: CompanySettings; taxRate: number; noPricePrint: boolean | undefined; clock: Clock },
): Promise<PrintableDocument> {
  const k = KINDS[kind];
  const header = found(await docs.findHeaderRow(db, k, id), `${k.label} ${id} does not exist.`);
  const customer = await db
    .selectFrom('customers')
    .selectAll()
    .where('id', '=', header.customer_id)
    .executeTakeFirstOrThrow();
  const { cart, totalsCents } = await docs.pricedDocument(db, k, header, opts.taxRate);
  const subs = await docs.subPartsForDocument(db, k, id);
  const liftNotes = await liftNotesOf(
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
    number: id,
    date,
    printedAt: isoAt(opts.clock()).slice(0, 10),
    status: kind === 'order' ? (header.status_type ?? null) : null,
    customer: {
      name: customer.name,
      customerNo: customer.customer_no,
      contactName: customer.contact_name,
      email: customer.email,
      phone: customer.phone,
      street: address(customer.street_street, customer.street_city, customer.street_state, customer.street_zip_code),
      shipTo: address(customer.ship_street, customer.ship_city, customer.ship_state, customer.ship_zip_code),
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
    noPricePrint: opts.noPricePrint ?? header.no_price_print === 1,
    fileName: documentFileName(kind, id, customer.name, header.job_name),
  };
}
