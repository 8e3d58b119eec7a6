import { useContext } from 'react';
import { Button, Spinner, Table } from 'react-bootstrap';
import AccordionContext, { isAccordionItemSelected } from 'react-bootstrap/AccordionContext';
import { Banner } from '../../components/ui/banner';
import { errorText } from '../../components/ui/result-banner';
import { formatMoneyCents } from '../../lib/money';
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
  const { activeEventKey } = useContext(AccordionContext);
  const open = isAccordionItemSelected(activeEventKey, eventKey);
  const revisions = useQuoteRevisions(quoteId, open);
  if (revisions.isPending) {
    return open ? (
      <p className="text-secondary mb-0" role="status">
        <Spinner size="sm" className="me-2" aria-hidden="true" />
        Loading the revisions...
      </p>
    ) : null;
  }
  if (revisions.isError) {
    return (
      <Banner variant="danger" title="The revisions could not be loaded">
        <small>{errorText(revisions.error)}</small>
      </Banner>
    );
  }
  return (
    <Table size="sm" className="mb-0 align-middle" aria-label="Revisions">
      <thead>
        <tr>
          <th scope="col">Revision</th>
          <th scope="col">Date</th>
          <th scope="col">Status</th>
          <th scope="col" className="text-end">
            Total
          </th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {revisions.data.map((r) => (
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
  );
}
