import { Button, Table } from 'react-bootstrap';
import { OpenedQuery, useAccordionItemOpen } from '../../components/ui/opened-query';
import { formatMoneyCents } from '../../lib/money';
import { TableHead } from '../../components/ui/table-head';
import { useQuoteRevisions } from './api/quote-revisions';
import { QuoteStatusBadge } from './quote-status-badge';

export interface QuoteRevisionsPanelProps {
  quoteId: number;
  /** The Accordion item's eventKey: asked for only while it is open. */
  eventKey: string;
  /** Opens a revision in the same modal. */
  onOpen: (quoteId: number) => void;
}

/** Every revision of the quote's number, first to latest, each with its status and total. */
export function QuoteRevisionsPanel({ quoteId, eventKey, onOpen }: QuoteRevisionsPanelProps) {
  const open = useAccordionItemOpen(eventKey);
  const revisions = useQuoteRevisions(quoteId, open);
  return (
    <OpenedQuery
      query={revisions}
      open={open}
      loadingText="Loading the revisions..."
      errorTitle="The revisions could not be loaded"
    >
      {(rows) => (
        <Table size="sm" className="mb-0 align-middle" aria-label="Revisions">
          <TableHead
            columns={[
              'Revision',
              'Date',
              'Status',
              { label: 'Total', className: 'text-end' },
              { label: <span className="visually-hidden">Actions</span> },
            ]}
          />
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>
                  Quote {r.quoteNumber} rev {r.revision}
                  {r.latest && <span className="ms-2 small text-secondary">(latest)</span>}
                </td>
                <td>{r.quoteDate}</td>
                <td>
                  <QuoteStatusBadge status={r.status} />
                </td>
                <td className="text-end">{formatMoneyCents(r.totalsCents.totalCents)}</td>
                <td className="text-end">
                  {r.id === quoteId ? (
                    <span className="small text-secondary">shown</span>
                  ) : (
                    <Button size="sm" variant="outline-primary" onClick={() => onOpen(r.id)}>
                      Open rev {r.revision}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </OpenedQuery>
  );
}
