import { Banner } from '../../components/ui/banner';

/** The result of a password change or a user add: the server's message, good or bad. */
export type Outcome = { ok: true; message: string } | { ok: false; message: string };

export interface OutcomeBannerProps {
  outcome: Outcome | null;
  /** The bold line above a failure's message, e.g. 'The password was not changed'. */
  failureTitle: string;
  onClose: () => void;
}

export function OutcomeBanner({ outcome, failureTitle, onClose }: OutcomeBannerProps) {
  return (
    <div aria-live="polite">
      {outcome?.ok === true && <Banner variant="success" title={outcome.message} onClose={onClose} />}
      {outcome?.ok === false && (
        <Banner variant="danger" title={failureTitle} onClose={onClose}>
          <small>{outcome.message}</small>
        </Banner>
      )}
    </div>
  );
}
