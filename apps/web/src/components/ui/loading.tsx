import { Spinner } from 'react-bootstrap';

export interface LoadingProps {
  /** Defaults to the spec's spinner text, 'Loading...'. */
  text?: string;
  /** Centre in the whole viewport rather than in the surrounding block. */
  fullPage?: boolean;
}

export function Loading({ text = 'Loading...', fullPage = false }: LoadingProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`d-flex align-items-center justify-content-center gap-2 text-secondary ${
        fullPage ? 'loading-full-page' : 'py-5'
      }`}
    >
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
