import { DocumentList } from '../documents/document-list';
import { QuoteModal } from './quote-modal';

/** Sales > Quotes: the quote list with its editor. */
export function QuotesTab() {
  return <DocumentList kind="quote" renderEditor={(props) => <QuoteModal {...props} />} />;
}
