import { Button } from 'react-bootstrap';
import { Banner } from './banner';
import { errorText } from './result-banner';

export interface LoadErrorBannerProps {
  /** What failed, e.g. 'The cart could not be loaded'. */
  title: string;
  error: unknown;
  /** Asks again (the query's refetch). */
  onRetry: () => void;
}

/** A read that failed: the server's message and a 'Try again' link. */
export function LoadErrorBanner({ title, error, onRetry }: LoadErrorBannerProps) {
  return (
    <Banner variant="danger" title={title}>
      <small>{errorText(error)}</small>{' '}
      <Button size="sm" variant="link" className="p-0 align-baseline" onClick={onRetry}>
        Try again
      </Button>
    </Banner>
  );
}
