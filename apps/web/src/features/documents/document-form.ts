import {
  QUOTE_STATUSES_SET_BY_HAND,
  type Customer,
  type DocumentHeader,
  type DocumentKind,
  type OrderStatus,
  type QuoteStatus,
} from '@desk/domain';
import type { CreateDocumentInput } from './api/create-document';
import type { UpdateDocumentInput } from './api/update-document';

/** The customer a document names: from the document itself or picked from the full list. */
export type CustomerChoice = Pick<Customer, 'id' | 'customerNo' | 'name' | 'contactName'> & {
  email?: string | null;
  /** Known when picked from the customer list; a new document's tax switch starts from it. */
  useTax?: boolean;
};

/** What the Details section edits, as typed. */
export interface DocumentFormValues {
  customer: CustomerChoice | null;
  jobName: string;
  poNumber: string;
  specialInstructions: string;
  /** null: none chosen yet (the first status is used). Orders only. */
  statusId: number | null;
  orderPickup: boolean;
  useTax: boolean;
  /** Print without prices: Download, Print and Send Email leave every price out. */
  noPricePrint: boolean;
  refreshMultiplier: boolean;
  /**
   * Quotes: a status the clerk chose (Draft, Sent or Declined), null while untouched, so a status
   * the server set meanwhile (Sent on e-mail, Accepted on export) is no unsaved change.
   */
  quoteStatus: QuoteStatus | null;
}

export const emptyDocumentForm: DocumentFormValues = {
  customer: null,
  jobName: '',
  poNumber: '',
  specialInstructions: '',
  statusId: null,
  orderPickup: false,
  useTax: false,
  noPricePrint: false,
  refreshMultiplier: false,
  quoteStatus: null,
};

const text = (v: string) => (v.trim() === '' ? null : v.trim());

export function documentToForm(doc: DocumentHeader): DocumentFormValues {
  return {
    customer: doc.customer,
    jobName: doc.jobName ?? '',
    poNumber: doc.poNumber ?? '',
    specialInstructions: doc.specialInstructions ?? '',
    statusId: doc.orderStatus?.id ?? null,
    orderPickup: doc.orderPickup ?? false,
    useTax: doc.useTax,
    noPricePrint: doc.noPricePrint ?? false,
    refreshMultiplier: false,
    quoteStatus: null,
  };
}

/**
 * The Details that differ from what was saved (or from an empty create form), named as the form
 * labels them: what a Save would change, which the footer shows beside Save (decision 024).
 * Text is compared as saved (trimmed), so a stray space is no unsaved change.
 */
export function changedFields(saved: DocumentFormValues, now: DocumentFormValues): string[] {
  const changed: Array<[boolean, string]> = [
    [(saved.customer?.id ?? null) !== (now.customer?.id ?? null), 'Customer'],
    [text(saved.jobName) !== text(now.jobName), 'Job Name'],
    [text(saved.poNumber) !== text(now.poNumber), 'PO Number'],
    [text(saved.specialInstructions) !== text(now.specialInstructions), 'Special Instructions'],
    [now.statusId !== null && saved.statusId !== now.statusId, 'Status'],
    [saved.orderPickup !== now.orderPickup, 'Pickup Ready'],
    [now.quoteStatus !== null, 'Quote Status'],
    [saved.useTax !== now.useTax, 'Use Tax'],
    [saved.noPricePrint !== now.noPricePrint, 'Print without prices'],
    [saved.refreshMultiplier !== now.refreshMultiplier, 'Refresh multipliers'],
  ];
  return changed.filter(([differs]) => differs).map(([, name]) => name);
}

/** Whether the Details differ from what was saved: what a Save would change. */
export function formChanged(saved: DocumentFormValues, now: DocumentFormValues): boolean {
  return changedFields(saved, now).length > 0;
}

/** The header fields a create and an update both send, as the form holds them (empty text: null). */
function headerFields(values: DocumentFormValues) {
  return {
    jobName: text(values.jobName),
    poNumber: text(values.poNumber),
    specialInstructions: text(values.specialInstructions),
    useTax: values.useTax,
    noPricePrint: values.noPricePrint,
  };
}

/** The body of orders/create or quotes/create. */
export function createInput(
  kind: DocumentKind,
  values: DocumentFormValues & { customer: CustomerChoice },
  status: OrderStatus | null,
): CreateDocumentInput {
  const input: CreateDocumentInput = { customer: { id: values.customer.id }, ...headerFields(values) };
  if (kind === 'order') {
    input.orderStatus = status === null ? null : { id: status.id };
    input.orderPickup = values.orderPickup;
  }
  return input;
}

/** The body of an update: the document as loaded, with the edits, the flags and its version. */
export function updateInput(
  doc: DocumentHeader,
  values: DocumentFormValues & { customer: CustomerChoice },
  status: OrderStatus | null,
): UpdateDocumentInput {
  const input: UpdateDocumentInput = {
    ...doc,
    customer: {
      id: values.customer.id,
      customerNo: values.customer.customerNo,
      name: values.customer.name,
      contactName: values.customer.contactName,
      email: values.customer.email ?? null,
    },
    ...headerFields(values),
    refreshMultiplier: values.refreshMultiplier,
    version: doc.version,
  };
  if (doc.kind === 'order') {
    if (status !== null) input.orderStatus = status;
    input.orderPickup = values.orderPickup;
  }
  // A quote's status goes only when the clerk chose one they may set.
  const chosen = values.quoteStatus;
  if (doc.kind === 'quote' && isHandSet(chosen) && chosen !== doc.status) input.quoteStatus = chosen;
  return input;
}

/** Draft, Sent and Declined are set by hand; Accepted comes with an export, Expired with the date. */
export const isHandSet = (s: QuoteStatus | null): s is (typeof QUOTE_STATUSES_SET_BY_HAND)[number] =>
  s !== null && (QUOTE_STATUSES_SET_BY_HAND as readonly string[]).includes(s);
