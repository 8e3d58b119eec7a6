import type { DocumentHeader, DocumentKind } from '@desk/domain';
import { useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { errorText } from '../../components/ui/result-banner';
import { downloadDocument, emailDocument, printDocument } from './api/document-files';
import { KIND_INFO } from './kinds';

export interface FileOutcome {
  ok: boolean;
  title: string;
  detail?: string;
}

type Action = 'download' | 'email' | 'print';

export interface DocumentFileActionsProps {
  kind: DocumentKind;
  doc: DocumentHeader;
  disabled: boolean;
  onBusy: (busy: boolean) => void;
  onOutcome: (outcome: FileOutcome) => void;
}

/**
 * Download {Order|Quote}, Send Email and Print {Order|Quote}: the server renders and prices the
 * PDF of the saved document (docs/product.md section 7, "Documents").
 */
export function DocumentFileActions({ kind, doc, disabled, onBusy, onOutcome }: DocumentFileActionsProps) {
  const label = KIND_INFO[kind].label;
  const [running, setRunning] = useState<Action | null>(null);

  const run = async (action: Action) => {
    setRunning(action);
    onBusy(true);
    try {
      if (action === 'download') {
        await downloadDocument(kind, doc);
      } else if (action === 'print') {
        await printDocument(kind, doc);
      } else {
        const message = await emailDocument(kind, doc);
        onOutcome({ ok: true, title: 'Email sent', detail: message || `${label} ${doc.id} was sent to the customer.` });
      }
    } catch (error) {
      const what = action === 'download' ? 'Download' : action === 'print' ? 'Print' : 'Send Email';
      onOutcome({ ok: false, title: `${what} failed`, detail: errorText(error) });
    } finally {
      setRunning(null);
      onBusy(false);
    }
  };

  const button = (action: Action, text: string) => (
    <Button variant="outline-primary" onClick={() => void run(action)} disabled={disabled}>
      {running === action && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
      {text}
    </Button>
  );

  return (
    <>
      {button('download', `Download ${label}`)}
      {button('email', 'Send Email')}
      {button('print', `Print ${label}`)}
    </>
  );
}
