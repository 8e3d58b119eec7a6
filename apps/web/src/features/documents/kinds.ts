import type { DocumentKind } from '@desk/domain';

/** What differs between an order and a quote in the browser: names and paths, nothing else. */
export interface KindInfo {
  kind: DocumentKind;
  /** 'Order' | 'Quote', as titles and banners use it. */
  label: 'Order' | 'Quote';
  /** '/api/orders' | '/api/quotes'. */
  base: string;
  /** '/api/order-parts' | '/api/quote-parts'. */
  parts: string;
  /** The sub-part paths, whose names differ by kind (docs/product.md section 7). */
  assocNotes: string;
  modNotes: string;
  addSubPart: string;
  /** The document endpoints: download-excelOrder, send-emailQuote, ... */
  fileSuffix: 'Order' | 'Quote';
}

export const KIND_INFO: Record<DocumentKind, KindInfo> = {
  order: {
    kind: 'order',
    label: 'Order',
    base: '/api/orders',
    parts: '/api/order-parts',
    assocNotes: 'update-subpart-assoc-notes',
    modNotes: 'update-subpart-mod-notes',
    addSubPart: 'update_subpart_list',
    fileSuffix: 'Order',
  },
  quote: {
    kind: 'quote',
    label: 'Quote',
    base: '/api/quotes',
    parts: '/api/quote-parts',
    assocNotes: 'update-subquote-assoc-notes',
    modNotes: 'update-subquote-mod-notes',
    addSubPart: 'update_subpart_quote_list',
    fileSuffix: 'Quote',
  },
};

/** The red notice of a section that needs a saved document (docs/product.md section 2, "Notices"). */
export function requiresCreatedText(kind: DocumentKind): string {
  return `This section requires the ${kind} to be created.`;
}
