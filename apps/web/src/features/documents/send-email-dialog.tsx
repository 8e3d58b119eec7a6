import { SEND_EMAIL_LIMITS, sendEmailFormSchema, type DocumentHeader, type DocumentKind } from '@desk/domain';
import { useId, useState, type FormEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { Banner } from '../../components/ui/banner';
import { LabelledField } from '../../components/ui/labelled-field';
import { Modal, ModalHeading } from '../../components/ui/modal';
import { errorText } from '../../components/ui/result-banner';
import '../../components/ui/stacked-modal.css';
import { KIND_INFO } from './kinds';

/** What the clerk chose: the recipient, the copies as typed, and the note. */
export interface SendEmailChoice {
  to: string;
  cc: string;
  note: string;
}

type Field = keyof SendEmailChoice;
const LABELS: Record<Field, string> = { to: 'To', cc: 'Cc', note: 'Note' };
const ORDER: readonly Field[] = ['to', 'cc', 'note'];

export interface SendEmailDialogProps {
  kind: DocumentKind;
  doc: DocumentHeader;
  /** Sends; a rejection's message is shown in the dialog, which stays open. */
  onSend: (choice: SendEmailChoice) => Promise<void>;
  onCancel: () => void;
}

/**
 * Send Email (docs/product.md, "Send Email"): the recipient (the customer's e-mail, editable), copies
 * and a note put above the e-mail's text. Checked with the schema the server parses with; a refusal
 * from the server shows here, where the clerk is looking.
 */
export function SendEmailDialog({ kind, doc, onSend, onCancel }: SendEmailDialogProps) {
  const id = useId();
  const label = KIND_INFO[kind].label;
  const [values, setValues] = useState<SendEmailChoice>({ to: doc.customer.email?.trim() ?? '', cc: '', note: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = sendEmailFormSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= `${LABELS[field]} ${issue.message}`;
      }
      setErrors(found);
      const first = ORDER.find((f) => found[f] !== undefined);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      await onSend(values);
    } catch (e) {
      setFailure(errorText(e));
      setBusy(false);
    }
  };

  const noteLength = values.note.trim().length;
  const noteTooLong = noteLength > SEND_EMAIL_LIMITS.note;

  return (
    <Modal
      show
      onHide={() => !busy && onCancel()}
      centered
      aria-labelledby={`${id}-title`}
      backdrop={busy ? 'static' : true}
      keyboard={!busy}
      className="stacked-modal"
      backdropClassName="stacked-modal-backdrop"
    >
      <Form noValidate onSubmit={(e) => void submit(e)} aria-label="Send Email">
        <ModalHeading id={`${id}-title`} closeButton={!busy}>
          Send {label} {doc.id} by e-mail
        </ModalHeading>
        <Modal.Body>
          <fieldset disabled={busy}>
            <LabelledField
              id={`${id}-to`}
              label="To"
              type="email"
              autoComplete="off"
              value={values.to}
              onChange={(v) => set('to', v)}
              error={errors.to}
              hint={
                doc.customer.email
                  ? `${doc.customer.name}'s e-mail; change it to send elsewhere.`
                  : `${doc.customer.name} has no e-mail address on file.`
              }
              autoFocus
            />
            <LabelledField
              id={`${id}-cc`}
              label="Cc"
              type="text"
              autoComplete="off"
              inputMode="email"
              value={values.cc}
              onChange={(v) => set('cc', v)}
              error={errors.cc}
              hint={`Optional. Up to ${SEND_EMAIL_LIMITS.cc} addresses, separated by commas.`}
            />
            <LabelledField
              id={`${id}-note`}
              label="Note"
              textarea={{ rows: 3 }}
              value={values.note}
              onChange={(v) => set('note', v)}
              error={errors.note}
              hint={
                <>
                  Optional. Goes above the e-mail&apos;s text. {noteLength.toLocaleString('en-US')} /{' '}
                  {SEND_EMAIL_LIMITS.note.toLocaleString('en-US')} characters
                </>
              }
              className=""
              hintClassName={noteTooLong ? 'text-danger' : ''}
            />
          </fieldset>
          {failure && (
            <Banner variant="danger" title="Send Email failed" className="mt-3 mb-0">
              <small>{failure}</small>
            </Banner>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" aria-disabled={busy || undefined}>
            {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {busy ? 'Sending...' : 'Send'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
