import { Banner } from './banner';

/** How a dialog's last action ended: nothing yet, done, or failed with the server's message. */
export type Outcome = { ok: true } | { ok: false; error: string } | null;

export interface OutcomeBannerProps {
  outcome: Outcome;
  /** E.g. 'Product delete successful'. */
  success: string;
  /** E.g. 'The product could not be added'; the error is shown under it. */
  failure: string;
}

/** The result under a dialog's form, in a live region so a screen reader hears it. */
export function OutcomeBanner({ outcome, success, failure }: OutcomeBannerProps) {
  return (
    <div aria-live="polite">
      {outcome?.ok === true && <Banner variant="success" className="mt-3 mb-0" title={success} />}
      {outcome?.ok === false && (
        <Banner variant="danger" className="mt-3 mb-0" title={failure}>
          <small>{outcome.error}</small>
        </Banner>
      )}
    </div>
  );
}
