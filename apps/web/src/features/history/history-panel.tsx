import type { HistorySubject } from '@desk/domain';
import { useContext, useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import AccordionContext, { isAccordionItemSelected } from 'react-bootstrap/AccordionContext';
import { Banner } from '../../components/ui/banner';
import { errorText } from '../../components/ui/result-banner';
import { useHistory } from './api/get-history';
import { historyWords } from './history-words';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export interface HistoryPanelProps {
  subject: HistorySubject;
  id: number;
  /** 'order', 'quote', 'customer', 'product': "admin created the order". */
  noun: string;
  /** Inside an Accordion: the item's eventKey; the history is asked for only while it is open. */
  eventKey?: string;
}

/**
 * Who changed what and when, newest first, 20 to a page (docs/architecture.md section 9). Asked
 * for again each time it is opened, so it shows the changes made since.
 */
export function HistoryPanel({ subject, id, noun, eventKey }: HistoryPanelProps) {
  const { activeEventKey } = useContext(AccordionContext);
  const open = eventKey === undefined || isAccordionItemSelected(activeEventKey, eventKey);
  const [page, setPage] = useState(1);
  const history = useHistory(subject, id, page, open);

  if (history.isPending) {
    return open ? (
      <p className="text-secondary mb-0" role="status">
        <Spinner size="sm" className="me-2" aria-hidden="true" />
        Loading the history...
      </p>
    ) : null;
  }
  if (history.isError) {
    return (
      <Banner variant="danger" title="The history could not be loaded">
        <small>{errorText(history.error)}</small>
      </Banner>
    );
  }
  const { items, total, size } = history.data;
  if (total === 0) return <p className="text-secondary mb-0">No changes recorded yet.</p>;
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <div data-testid="history">
      <ol className="list-unstyled mb-2 history-list">
        {items.map((h) => (
          <li key={h.id} className="py-1 border-bottom">
            <time dateTime={h.at} className="small text-secondary me-2 d-inline-block history-time">
              {when.format(new Date(h.at))}
            </time>
            <span>
              <strong>{h.user ?? 'The system'}</strong> {historyWords(h, noun)}
            </span>
          </li>
        ))}
      </ol>
      {pages > 1 && (
        <div className="d-flex align-items-center gap-2">
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={page <= 1 || history.isFetching}
            onClick={() => setPage((p) => p - 1)}
          >
            Newer
          </Button>
          <span className="small" aria-live="polite">
            Page {history.data.page} of {pages}
          </span>
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={page >= pages || history.isFetching}
            onClick={() => setPage((p) => p + 1)}
          >
            Older
          </Button>
        </div>
      )}
    </div>
  );
}
