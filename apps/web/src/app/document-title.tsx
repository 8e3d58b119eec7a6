import { useEffect } from 'react';
import { useCompanyName } from '../features/config/api/get-public-config';

const FALLBACK_TITLE = 'Garage Desk';

/** Keeps document.title as "{page} · {company}" (the page's title from the route table). */
export function DocumentTitle({ page }: { page: string }) {
  const companyName = useCompanyName();

  useEffect(() => {
    document.title = [page, companyName || FALLBACK_TITLE].filter(Boolean).join(' · ');
  }, [page, companyName]);

  return null;
}
