import { DOCUMENT_TEXT_LIMITS, DUPLICATE_SUFFIX, type DocumentKind, type DocumentListItem } from '@desk/domain';
import { useId, useState, type FormEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { CloseFooter, Modal, ModalHeading } from '../../components/ui/modal';
import { Banner } from '../../components/ui/banner';
import { errorText } from '../../components/ui/result-banner';
import { useDuplicateDocument } from './api/duplicate-document';
import { KIND_INFO } from './kinds';
import { isOverLimit, LimitedTextField } from './text-limit';

export interface DuplicateDocumentModalProps {
  kind: DocumentKind;
  show: boolean;
  source: DocumentListItem;
  onClose: () => void;
  /** Called with the copy's id after a successful duplicate. */
  onDuplicated: (copyId: number) => void;
}

/** The job name a copy starts with: the original's plus ' - copy'. */
export const duplicateJobName = (jobName: string | null) => `${jobName ?? ''}${DUPLICATE_SUFFIX}`;

/**
 * Order / Quote duplicate modal (docs/product.md section 2): the source id and an editable Job Name,
 * prefilled with ' - copy'; Duplicate makes a deep copy, a failure says 'Create failed'.
 */
export function DuplicateDocumentModal({ kind, show, source, onClose, onDuplicated }: DuplicateDocumentModalProps) {
  const id = useId();
  const label = KIND_INFO[kind].label;
  const [jobName, setJobName] = useState(() => duplicateJobName(source.jobName));
  const [error, setError] = useState<string | null>(null);
  const duplicate = useDuplicateDocument(kind);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    // Past the limit the field says why, under it; nothing is sent.
    if (isOverLimit(jobName, DOCUMENT_TEXT_LIMITS.jobName)) return;
    try {
      const copy = await duplicate.mutateAsync({ source, jobName: jobName.trim() });
      onDuplicated(copy.id);
    } catch (e) {
      setError(errorText(e));
    }
  };

  const busy = duplicate.isPending;
  return (
    <Modal
      show={show}
      onHide={onClose}
      centered
      aria-labelledby={`${id}-title`}
      backdrop={busy ? 'static' : true}
      keyboard={!busy}
    >
      <Form noValidate onSubmit={(e) => void submit(e)}>
        <ModalHeading id={`${id}-title`}>Duplicate {label}</ModalHeading>
        <Modal.Body>
          <p className="mb-3">
            <span className="text-secondary">{label} ID:</span> <span className="fw-semibold">{source.id}</span>
            <span className="text-secondary ms-2">{source.customerName}</span>
          </p>
          <fieldset disabled={busy}>
            <LimitedTextField
              id={`${id}-jobName`}
              label="Job Name"
              labelClassName="form-label"
              limit={DOCUMENT_TEXT_LIMITS.jobName}
              value={jobName}
              onChange={setJobName}
              autoFocus
            />
          </fieldset>
          <Form.Text>
            The copy gets the same customer, lines, sub-parts, modifiers and price overrides
            {kind === 'order' ? ', and starts as a new open order' : ''}.
          </Form.Text>
          {error && (
            <Banner variant="danger" title="Create failed" className="mt-3 mb-0">
              <small>{error}</small>
            </Banner>
          )}
        </Modal.Body>
        <CloseFooter onClose={onClose} disabled={busy}>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            Duplicate
          </Button>
        </CloseFooter>
      </Form>
    </Modal>
  );
}
