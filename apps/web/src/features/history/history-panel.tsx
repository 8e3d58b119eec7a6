import type { HistorySubject } from '@desk/domain';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { OpenedQuery, useAccordionItemOpen } from '../../components/ui/opened-query';
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
  const open = useAccordionItemOpen(eventKey);
  const [page, setPage] = useState(1);
  const history = useHistory(subject, id, page, open);
  return (
    <OpenedQuery
      query={history}
      open={open}
      loadingText="Loading the history..."
      errorTitle="The history could not be loaded"
    >
      {({ items, total, size, page: shown }) => {
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
                  Page {shown} of {pages}
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
      }}
    </OpenedQuery>
  );
}
