import { DocumentModal } from '../documents/document-modal';
import type { EditorProps } from '../documents/document-list';

/** Quote edit modal (docs/product.md section 2): the shared document editor, with Export to Order. */
export function QuoteModal(props: EditorProps) {
  return <DocumentModal kind="quote" {...props} />;
}
