import type { DocumentEmail, DocumentKind } from '@desk/domain';
import { Badge, Table } from 'react-bootstrap';
import { OpenedQuery, useAccordionItemOpen } from '../../components/ui/opened-query';
import { useDocumentEmails } from './api/document-emails';
import { TableHead } from '../../components/ui/table-head';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

export interface DocumentEmailsPanelProps {
  kind: DocumentKind;
  id: number;
  /** The Accordion item's eventKey: asked for only while it is open. */
  eventKey: string;
}

const PURPOSE: Record<DocumentEmail['purpose'], string> = {
  document: 'PDF',
  'ready-for-pickup': 'Ready for pickup',
};

/**
 * Where the e-mail is, in words beside its state's badge: "at 3:42 PM" (Sent), "tried 2 times,
 * next at 3:50 PM (connect ECONNREFUSED)" (Waiting), the mail server's reason (Failed).
 */
export function deliveryWords(e: Pick<DocumentEmail, 'state' | 'attempts' | 'sentAt' | 'nextAttemptAt' | 'error'>) {
  if (e.state === 'sent') return e.sentAt ? `at ${time.format(new Date(e.sentAt))}` : '';
  if (e.state === 'failed') return e.error ?? 'the mail server did not accept it';
  if (e.state === 'withdrawn') return e.error ?? 'withdrawn before it was sent';
  if (e.attempts === 0) return 'to be sent';
  const tried = e.attempts === 1 ? 'tried once' : `tried ${e.attempts} times`;
  const next = e.nextAttemptAt ? `, next at ${time.format(new Date(e.nextAttemptAt))}` : '';
  return `${tried}${next}${e.error ? ` (${e.error})` : ''}`;
}

const BADGE: Record<DocumentEmail['state'], { bg: string; text?: string; label: string }> = {
  sent: { bg: 'success', label: 'Sent' },
  queued: { bg: 'warning', text: 'dark', label: 'Waiting' },
  failed: { bg: 'danger', label: 'Failed' },
  withdrawn: { bg: 'secondary', label: 'Withdrawn' },
};

/**
 * Every e-mail sent for the order or quote, newest first: when, to whom, what, and whether the
 * mail server took it (docs/architecture.md section 10). Read again while one is waiting.
 */
export function DocumentEmailsPanel({ kind, id, eventKey }: DocumentEmailsPanelProps) {
  const open = useAccordionItemOpen(eventKey);
  const emails = useDocumentEmails(kind, id, open);
  return (
    <OpenedQuery
      query={emails}
      open={open}
      loadingText="Loading the e-mails..."
      errorTitle="The e-mails could not be loaded"
    >
      {({ items }) =>
        items.length === 0 ? (
          <p className="text-secondary mb-0">No e-mails sent for this {kind} yet.</p>
        ) : (
          <Table size="sm" responsive className="mb-0 align-middle" aria-label="E-mails">
            <TableHead columns={['When', 'To', 'Subject', 'What', 'Delivery']} />
            <tbody>
              {items.map((e) => {
                const badge = BADGE[e.state];
                return (
                  <tr key={e.id}>
                    <td className="text-nowrap">
                      <time dateTime={e.at}>{when.format(new Date(e.at))}</time>
                      {e.user && <span className="d-block small text-secondary">by {e.user}</span>}
                    </td>
                    <td className="text-break">
                      {e.to}
                      {e.cc && <span className="d-block small text-secondary">cc {e.cc}</span>}
                    </td>
                    <td className="text-break">{e.subject}</td>
                    <td className="text-nowrap">{PURPOSE[e.purpose]}</td>
                    <td>
                      <Badge bg={badge.bg} {...(badge.text ? { text: badge.text } : {})} className="me-2">
                        {badge.label}
                      </Badge>{' '}
                      <span className="small">{deliveryWords(e)}</span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        )
      }
    </OpenedQuery>
  );
}
