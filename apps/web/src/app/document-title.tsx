import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useCompanyName } from '../features/config/api/get-public-config';

/** What a route may declare in its `handle`. */
export interface RouteHandle {
  title?: string;
}

const FALLBACK_TITLE = 'Garage Desk';

/** Keeps document.title as "{page} · {company}", from the deepest route that names a title. */
export function DocumentTitle() {
  const matches = useMatches();
  const companyName = useCompanyName();
  const page = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter((title): title is string => Boolean(title))
    .at(-1);

  useEffect(() => {
    document.title = [page, companyName || FALLBACK_TITLE].filter(Boolean).join(' · ');
  }, [page, companyName]);

  return null;
}
