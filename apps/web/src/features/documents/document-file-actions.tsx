import type { DocumentHeader, DocumentKind } from '@desk/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useToast } from '../../components/ui/toaster';
import { downloadDocument, emailDocument, printDocument } from './api/document-files';
import { documentKeys } from './api/query-keys';
import { KIND_INFO } from './kinds';
import { SendEmailDialog, type SendEmailChoice } from './send-email-dialog';

type Action = 'download' | 'email' | 'print' | 'pick';

export interface DocumentFileActionsProps {
  kind: DocumentKind;
  doc: DocumentHeader;
  /** Print without prices, as the Details switch shows it. */
  noPricePrint: boolean;
  disabled: boolean;
  onBusy: (busy: boolean) => void;
}

const FAILED: Record<Exclude<Action, 'email'>, string> = {
  download: 'Download failed',
  print: 'Print failed',
  pick: 'Print pick ticket failed',
};

/**
 * Download {Order|Quote}, Send Email and Print {Order|Quote}: the server renders and prices the
 * PDF of the saved document (docs/product.md section 7, "Documents"). Results show as toasts, in view
 * wherever the modal is scrolled to.
 */
export function DocumentFileActions({ kind, doc, noPricePrint, disabled, onBusy }: DocumentFileActionsProps) {
  const label = KIND_INFO[kind].label;
  const toast = useToast();
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<Action | null>(null);
  /** Send Email's dialog is open. */
  const [asking, setAsking] = useState(false);

  /** Send Email's dialog sends: a failure stays in the dialog (thrown back to it), success closes it. */
  const send = async (choice: SendEmailChoice) => {
    setRunning('email');
    onBusy(true);
    try {
      const { message, sent } = await emailDocument(kind, doc, noPricePrint, choice);
      // The badge shows at once the status the server now has (a Draft quote is Sent), and
      // every view of the document (lists, the E-mails section) reads it again.
      if (sent?.status)
        queryClient.setQueryData<DocumentHeader>(documentKeys.detail(kind, doc.id), (d) =>
          d ? { ...d, status: sent.status! } : d,
        );
      void queryClient.invalidateQueries({ queryKey: documentKeys.all(kind) });
      setAsking(false);
      toast.dismiss('error');
      toast.show({
        variant: 'success',
        title: 'Email sent',
        body: message || `${label} ${doc.id} was sent to the customer.`,
        key: 'file',
      });
    } finally {
      setRunning(null);
      onBusy(false);
    }
  };

  const run = async (action: Action) => {
    if (running) return; // a second click while one runs sends nothing
    if (action === 'email') {
      setAsking(true);
      return;
    }
    setRunning(action);
    onBusy(true);
    try {
      if (action === 'download') {
        await downloadDocument(kind, doc, noPricePrint);
      } else {
        await printDocument(kind, doc, noPricePrint, action === 'pick');
      }
      toast.dismiss('error');
    } catch (error) {
      toast.error(FAILED[action], error);
    } finally {
      setRunning(null);
      onBusy(false);
    }
  };

  const button = (action: Action, text: string, title?: string) => (
    <Button
      variant="outline-primary"
      onClick={() => void run(action)}
      disabled={disabled || running !== null}
      title={title}
    >
      {running === action && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
      {text}
    </Button>
  );

  return (
    <>
      {button('download', `Download ${label}`)}
      {button('email', 'Send Email')}
      {button('print', `Print ${label}`)}
      {kind === 'order' &&
        button('pick', 'Print Pick Ticket', 'The order without prices, with its barcode for the yard')}
      {asking && <SendEmailDialog kind={kind} doc={doc} onSend={send} onCancel={() => setAsking(false)} />}
    </>
  );
}
