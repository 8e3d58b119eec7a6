import { useState } from 'react';
import { Banner } from '../../components/ui/banner';
import { withFieldLabel } from './field-errors';

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

/**
 * A one-shot admin call (add a user, change a password): its outcome for the banner, and a key
 * for the form that is bumped after every call, because a fresh form is a cleared one
 * (docs/product.md section 4: the fields are cleared whether the call succeeded or failed).
 */
export function useOutcomeAction(labels: Record<string, string>) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [formKey, setFormKey] = useState(0);

  /** `call` answers the server's success message. */
  const run = async (call: () => Promise<string>) => {
    setOutcome(null);
    try {
      setOutcome({ ok: true, message: await call() });
    } catch (e) {
      setOutcome({ ok: false, message: withFieldLabel(e, labels) });
    } finally {
      setFormKey((k) => k + 1);
    }
  };

  return { outcome, clear: () => setOutcome(null), formKey, run };
}
