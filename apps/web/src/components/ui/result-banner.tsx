import { errorText } from '../../lib/api-client';
import { Banner } from './banner';

/** The outcome of a create or update, shown above an editor (docs/product.md section 8). */
export type SaveResult =
  | { kind: 'created'; id: number; message?: string }
  | { kind: 'updated' }
  | { kind: 'create-failed'; error: string }
  | { kind: 'update-failed'; error: string };

// The message of an error for a banner; it lives with the API client (the sign-in page reads it
// without this module's banners).
export { errorText } from '../../lib/api-client';

export interface ResultBannerProps {
  result: SaveResult | null;
  /** Makes the banner dismissible. */
  onClose?: () => void;
}

/** 'Create succeeded - ID: n', 'Update Succeeded', 'Create failed' or 'Update failed', with detail. */
export function ResultBanner({ result, onClose }: ResultBannerProps) {
  if (result === null) return null;
  switch (result.kind) {
    case 'created':
      return (
        <Banner variant="success" title={`Create succeeded - ID: ${result.id}`} onClose={onClose}>
          {result.message ? <small>{result.message}</small> : undefined}
        </Banner>
      );
    case 'updated':
      return <Banner variant="success" title="Update Succeeded" onClose={onClose} />;
    case 'create-failed':
      return (
        <Banner variant="danger" title="Create failed" onClose={onClose}>
          <small>{result.error}</small>
        </Banner>
      );
    case 'update-failed':
      return (
        <Banner variant="danger" title="Update failed" onClose={onClose}>
          <small>{result.error}</small>
        </Banner>
      );
  }
}

/** A red banner saying what failed, with the error's message under it ('Linked orders could not be loaded'). */
export function ErrorBanner({ title, error }: { title: string; error: unknown }) {
  return (
    <Banner variant="danger" title={title}>
      <small>{errorText(error)}</small>
    </Banner>
  );
}

export interface InlineOutcomeProps {
  /** The success line, or null. */
  success: string | null;
  /** The failure's title and message, or null. */
  failure: { title: string; error: string } | null;
}

/** A dialog's result under its question, read out as it appears. */
export function InlineOutcome({ success, failure }: InlineOutcomeProps) {
  return (
    <div aria-live="polite">
      {success !== null && <Banner variant="success" className="mt-3 mb-0" title={success} />}
      {failure !== null && (
        <Banner variant="danger" className="mt-3 mb-0" title={failure.title}>
          <small>{failure.error}</small>
        </Banner>
      )}
    </div>
  );
}
