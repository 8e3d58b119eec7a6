import type { DocumentEmail, DocumentKind } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { documentKeys } from './query-keys';

/** While an e-mail waits to be sent, the log is read again this often (it is shown open). */
export const QUEUED_REFRESH_MS = 10_000;

/**
 * GET /api/{orders,quotes}/{id}/emails: every e-mail sent for the document, newest first. Under
 * the kind's key, so a Send Email or a Place in Bay that refreshes the document refreshes it too.
 */
export const useDocumentEmails = (kind: DocumentKind, id: number, enabled: boolean) =>
  useQuery({
    queryKey: [...documentKeys.all(kind), 'emails', id],
    queryFn: ({ signal }) =>
      api.get<{ items: DocumentEmail[] }>(`/api/${kind === 'order' ? 'orders' : 'quotes'}/${id}/emails`, { signal }),
    enabled,
    refetchOnMount: 'always',
    refetchInterval: (query) => (query.state.data?.items.some((e) => e.state === 'queued') ? QUEUED_REFRESH_MS : false),
  });
