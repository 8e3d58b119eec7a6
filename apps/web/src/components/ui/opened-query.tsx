import type { UseQueryResult } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { Spinner } from 'react-bootstrap';
import AccordionContext, { isAccordionItemSelected } from 'react-bootstrap/AccordionContext';
import { LoadErrorBanner } from './load-error-banner';

/** Whether the Accordion item `eventKey` is open; true without one (not in an Accordion). */
export function useAccordionItemOpen(eventKey: string | undefined): boolean {
  const { activeEventKey } = useContext(AccordionContext);
  return eventKey === undefined || isAccordionItemSelected(activeEventKey, eventKey);
}

export interface OpenedQueryProps<T> {
  query: UseQueryResult<T>;
  /** The section is open (its query runs only then). */
  open: boolean;
  /** 'Loading the history...' */
  loadingText: string;
  /** 'The history could not be loaded' */
  errorTitle: string;
  children: (data: T) => ReactNode;
}

/**
 * A section that reads when it is opened (the History and Revisions sections): nothing while it
 * is closed and has never loaded, a spinner while it loads, the error with Try again, then the data.
 */
export function OpenedQuery<T>({ query, open, loadingText, errorTitle, children }: OpenedQueryProps<T>) {
  if (query.isPending) {
    return open ? (
      <p className="text-secondary mb-0" role="status">
        <Spinner size="sm" className="me-2" aria-hidden="true" />
        {loadingText}
      </p>
    ) : null;
  }
  if (query.isError) {
    return <LoadErrorBanner title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}
