import { quoteLabel, type DocumentHeader, type DocumentKind, type OrderStatus } from '@desk/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Accordion, Alert, Button, Spinner } from 'react-bootstrap';
import { Modal, ModalHeading } from '../../components/ui/modal';
import { Banner } from '../../components/ui/banner';
import { BusyButton } from '../../components/ui/busy-button';
import { saveTitle, useSaveShortcut } from '../../components/ui/dialog-keyboard';
import { Loading } from '../../components/ui/loading';
import { errorText } from '../../components/ui/result-banner';
import { useToast } from '../../components/ui/toaster';
import { useDiscardGuard } from '../../components/ui/use-discard-guard';
import { isApiError, newIdempotencyKey } from '../../lib/api-client';
import { useCreateDocument } from './api/create-document';
import { isAlreadyExported, useExportQuoteToOrder } from './api/export-quote-to-order';
import { useDocument } from './api/get-document';
import { documentKeys } from './api/query-keys';
import { useUpdateDocument } from './api/update-document';
import { DocumentDetailsForm } from './document-details-form';
import { DocumentFileActions } from './document-file-actions';
import {
  createInput,
  documentToForm,
  emptyDocumentForm,
  changedFields,
  updateInput,
  type CustomerChoice,
  type DocumentFormValues,
} from './document-form';
import { ExportAgainDialog, ExportedOrders } from './exported-orders';
import { KIND_INFO, requiresCreatedText } from './kinds';
import { ProductCart } from './product-cart';
import { HistoryPanel } from '../history/history-panel';
import { QuoteRevisionsPanel } from './quote-revisions-panel';
import { useLiveEvents } from '../../lib/live-events';
import { useSession } from '../auth/api/get-session';
import { DocumentEmailsPanel } from './document-emails-panel';
import { QuoteStatusBadge } from './quote-status-badge';
import { StockSummary } from './stock-summary';
import { WaitingOn } from '../vendor-orders/waiting-on';
import { useReviseQuote } from './api/quote-revisions';
import { useOrderStatuses } from './api/list-order-statuses';
import { ConfirmModal } from '../../components/ui/confirm-modal';
import './documents.css';
import '../../components/ui/stacked-modal.css';

/** A section only a saved document has, e.g. the order's Linked Vendor Orders. */
export interface ExtraSection {
  key: string;
  title: string;
  render: (docId: number) => ReactNode;
}

export interface DocumentModalProps {
  kind: DocumentKind;
  show: boolean;
  /** null opens the editor in create mode. */
  documentId: number | null;
  onClose: () => void;
  /** Sections after the Product Cart (orders: Linked Vendor Orders). */
  extraSections?: readonly ExtraSection[];
  /** Quotes: opens an order made from the quote ("Exported to order 26"). */
  onOpenOrder?: ((orderId: number) => void) | undefined;
  /** Opened on top of another modal (an order opened from its quote). */
  stacked?: boolean | undefined;
}

/**
 * The order and quote editor (docs/product.md section 2): Details, Product Cart and, for orders, Linked
 * Vendor Orders. After a create it switches to edit mode on the new id (docs/product.md section 4).
 * Every result and error is a toast, in view however far the modal is scrolled; unsaved Details
 * are never dropped without asking.
 */
export function DocumentModal({
  kind,
  show,
  documentId: initialId,
  onClose,
  extraSections = [],
  onOpenOrder,
  stacked = false,
}: DocumentModalProps) {
  const info = KIND_INFO[kind];
  const titleId = useId();
  const formId = `${useId()}-details`;
  const queryClient = useQueryClient();
  const toast = useToast();
  const [docId, setDocId] = useState(initialId);
  const [formValues, setFormValues] = useState<DocumentFormValues | null>(null);
  const [fileBusy, setFileBusy] = useState(false);
  // The Details form re-created after a Create or a Save does not take focus: the clerk stays
  // where they were (the dialog's focus keeper puts them back in the same field or button).
  const [savedOnce, setSavedOnce] = useState(false);
  /** The server's "already exported" answer, asked back to the clerk. */
  const [exportQuestion, setExportQuestion] = useState<string | null>(null);
  // One key per create or export attempt, kept across retries of it so a lost answer does not
  // double it; a ref guards against a second click before the button has re-rendered disabled.
  const createKey = useRef<string | null>(null);
  const exportKey = useRef<string | null>(null);
  const running = useRef(false);
  const doc = useDocument(kind, docId);
  const me = useSession().data?.username;
  /** Someone else saved this document since it was read (a live `document` event). */
  const [changedBy, setChangedBy] = useState<{ user: string; version: number } | null>(null);
  const createMutation = useCreateDocument(kind);
  const updateMutation = useUpdateDocument(kind);
  const exportMutation = useExportQuoteToOrder();
  const reviseMutation = useReviseQuote();
  const saving = createMutation.isPending || updateMutation.isPending || reviseMutation.isPending;
  const exporting = exportMutation.isPending;
  const busy = saving || exporting;
  const isEdit = docId !== null;
  const saved = isEdit ? doc.data : undefined;
  useLiveEvents(
    {
      document: (e) => {
        // This user's own saves (this tab or another) are not news; whether it is newer than what
        // is shown is read below, against the version shown then.
        if (saved && e.kind === kind && e.id === saved.id && typeof e.version === 'number' && e.user !== me)
          setChangedBy({ user: String(e.user), version: e.version });
      },
    },
    show && isEdit,
  );
  const changedElsewhere = changedBy !== null && saved !== undefined && changedBy.version > saved.version;
  /** A quote revision that is not the latest: shown, never changed (the server refuses with 409). */
  const earlierRevision = saved?.latestRevision === false;
  /** An Accepted (exported) quote: read-only like an earlier revision; Revise makes one that changes. */
  const accepted = saved?.kind === 'quote' && saved.status === 'Accepted' && !earlierRevision;
  const readOnly = earlierRevision || accepted;
  // Staff cancel an order (status Cancelled) where an administrator could delete it.
  const statuses = useOrderStatuses({ enabled: kind === 'order' && isEdit });
  const cancelledStatus = statuses.data?.find((s) => s.type === 'Cancelled');
  const [askCancel, setAskCancel] = useState(false);
  const canCancel = kind === 'order' && saved !== undefined && saved.orderStatus?.closed === false;
  const stale = isApiError(updateMutation.error) && updateMutation.error.httpStatus === 409;
  // One save model (decision 024): the Details are saved by Save, and what it would save is named
  // beside it; the cart, sub-parts and modifiers save each change as it is made.
  const unsaved =
    formValues !== null && (!isEdit || saved !== undefined)
      ? changedFields(saved ? documentToForm(saved) : emptyDocumentForm, formValues)
      : [];
  const dirty = unsaved.length > 0;
  const unsavedId = `${formId}-unsaved`;
  const discard = useDiscardGuard(dirty);
  useSaveShortcut(show, formId, busy || (isEdit && !saved) || readOnly);
  const noPricePrint = formValues?.noPricePrint ?? saved?.noPricePrint ?? false;

  /** Close, X, Escape and a click on the backdrop: unsaved Details ask "Discard changes?" first. */
  const requestClose = () => {
    if (busy) return;
    discard.guard(onClose);
  };

  const once = async (work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    try {
      await work();
    } finally {
      running.current = false;
    }
  };

  const save = (values: DocumentFormValues & { customer: CustomerChoice }, status: OrderStatus | null) =>
    once(async () => {
      setSavedOnce(true);
      if (docId === null) {
        createKey.current ??= newIdempotencyKey();
        try {
          const created = await createMutation.mutateAsync({
            input: createInput(kind, values, status),
            idempotencyKey: createKey.current,
          });
          createKey.current = null;
          toast.saveResult({ kind: 'created', id: created.document.id, message: created.message });
          setDocId(created.document.id);
          void queryClient.invalidateQueries({ queryKey: documentKeys.detail(kind, created.document.id) });
        } catch (e) {
          if (isApiError(e)) createKey.current = null; // answered: nothing was made
          toast.saveResult({ kind: 'create-failed', error: errorText(e) });
        }
      } else if (saved) {
        try {
          await updateMutation.mutateAsync(updateInput(saved, values, status));
          toast.saveResult({ kind: 'updated' });
        } catch (e) {
          toast.saveResult({ kind: 'update-failed', error: errorText(e) });
        }
      }
    });

  const exportToOrder = (again: boolean) =>
    once(async () => {
      if (docId === null) return;
      setExportQuestion(null);
      exportKey.current ??= newIdempotencyKey();
      try {
        const { order } = await exportMutation.mutateAsync({
          quoteId: docId,
          idempotencyKey: exportKey.current,
          again,
        });
        exportKey.current = null;
        toast.show({
          variant: 'success',
          title: 'Export success',
          body: `New order ID: ${order.id}. Find it under Orders.`,
          key: 'export',
        });
      } catch (e) {
        if (isApiError(e)) exportKey.current = null;
        if (!again && isAlreadyExported(e)) setExportQuestion(e.message);
        else toast.error('Export failed', e);
      }
    });

  /** Revise: the next revision opens in this modal, as a Create does. */
  const revise = () =>
    once(async () => {
      if (!saved) return;
      try {
        const { quote, message } = await reviseMutation.mutateAsync(saved.id);
        setSavedOnce(true);
        setDocId(quote.id);
        toast.success(`${quoteLabel(quote.quoteNumber ?? quote.id, quote.revision)} created`, message);
      } catch (e) {
        toast.error('Revise failed', e);
      }
    });

  /** Cancel order: the saved order with the status Cancelled (closed, out of any bay). */
  const cancelOrder = async () => {
    if (!saved || !cancelledStatus) throw new Error('The status Cancelled is not available.');
    await updateMutation.mutateAsync(
      updateInput(saved, { ...documentToForm(saved), customer: saved.customer }, cancelledStatus),
    );
  };

  const reload = async () => {
    updateMutation.reset();
    await doc.refetch();
    setChangedBy(null);
  };

  const sectionNotice = (
    <Alert variant="danger" className="mb-0 py-2">
      {requiresCreatedText(kind)}
    </Alert>
  );

  let body: ReactNode;
  if (isEdit && doc.isPending) {
    body = <Loading />;
  } else if (isEdit && doc.isError) {
    body = (
      <Banner variant="danger" title={`The ${kind} could not be loaded`}>
        <small>{errorText(doc.error)}</small>
      </Banner>
    );
  } else {
    body = (
      <>
        {/* An open order: ready to pick, or short (docs/stock.md). */}
        {saved?.kind === 'order' && saved.orderStatus?.closed !== true && <StockSummary kind={kind} docId={saved.id} />}
        {saved?.waitingOn && saved.waitingOn.length > 0 && <WaitingOn items={saved.waitingOn} className="mb-2 fs-6" />}
        {changedElsewhere && (
          <Alert
            variant="warning"
            className="py-2 d-flex flex-wrap align-items-center gap-2"
            data-testid="changed-elsewhere"
            // Stays in view however far the modal is scrolled: it is news about what the clerk is editing.
            style={{ position: 'sticky', top: 0, zIndex: 5 }}
          >
            <span>
              Changed by <strong>{changedBy.user}</strong> just now. Reload to see it before you save.
            </span>
            <Button size="sm" variant="outline-dark" onClick={() => void reload()} disabled={doc.isFetching}>
              Reload
            </Button>
          </Alert>
        )}
        {accepted && saved && (
          <Alert
            variant="warning"
            className="py-2 d-flex flex-wrap align-items-center gap-2"
            data-testid="read-only-accepted"
          >
            <span>
              {quoteLabel(saved.quoteNumber ?? saved.id, saved.revision)} was accepted
              {saved.exportedOrderIds?.length ? ` (exported to order ${saved.exportedOrderIds.join(', ')})` : ''} and is
              kept as the customer accepted it. Revise it to change it.
            </span>
            <Button size="sm" variant="outline-dark" onClick={() => void revise()} disabled={busy || fileBusy}>
              Revise
            </Button>
          </Alert>
        )}
        {earlierRevision && saved && (
          <Alert variant="warning" className="py-2" data-testid="read-only-revision">
            This is rev {saved.revision} of quote {saved.quoteNumber}, kept as it was: a later revision exists and only
            the latest can change. Open it from Revisions below.
          </Alert>
        )}
        <Accordion defaultActiveKey={['details', 'cart', ...extraSections.map((s) => s.key)]} alwaysOpen>
          <Accordion.Item eventKey="details">
            <Accordion.Header as="h3">{info.label} Details</Accordion.Header>
            <Accordion.Body>
              <DocumentDetailsForm
                // A new version from the server (after a save or a reload) starts the form afresh from it.
                key={saved ? `${saved.id}:${saved.version}` : 'new'}
                kind={kind}
                formId={formId}
                document={saved}
                disabled={busy || readOnly}
                autoFocus={!savedOnce}
                onChange={setFormValues}
                onSubmit={(values, status) => void save(values, status)}
              />
            </Accordion.Body>
          </Accordion.Item>
          <Accordion.Item eventKey="cart">
            <Accordion.Header as="h3">Product Cart</Accordion.Header>
            <Accordion.Body>
              {saved ? (
                <ProductCart
                  kind={kind}
                  docId={saved.id}
                  useTax={saved.useTax}
                  readOnly={readOnly}
                  readOnlyNote={
                    accepted
                      ? 'An accepted quote: its cart is kept as the customer accepted it.'
                      : 'An earlier revision: its cart is kept as it was.'
                  }
                />
              ) : (
                sectionNotice
              )}
            </Accordion.Body>
          </Accordion.Item>
          {extraSections.map((section) => (
            <Accordion.Item key={section.key} eventKey={section.key}>
              <Accordion.Header as="h3">{section.title}</Accordion.Header>
              <Accordion.Body>{saved ? section.render(saved.id) : sectionNotice}</Accordion.Body>
            </Accordion.Item>
          ))}
          {saved && kind === 'quote' && (
            <Accordion.Item eventKey="revisions">
              <Accordion.Header as="h3">Revisions</Accordion.Header>
              <Accordion.Body>
                <QuoteRevisionsPanel quoteId={saved.id} eventKey="revisions" onOpen={setDocId} />
              </Accordion.Body>
            </Accordion.Item>
          )}
          {saved && (
            <Accordion.Item eventKey="emails">
              <Accordion.Header as="h3">E-mails</Accordion.Header>
              <Accordion.Body>
                <DocumentEmailsPanel kind={kind} id={saved.id} eventKey="emails" />
              </Accordion.Body>
            </Accordion.Item>
          )}
          {saved && (
            // Closed at first: asked for when opened.
            <Accordion.Item eventKey="history">
              <Accordion.Header as="h3">History</Accordion.Header>
              <Accordion.Body>
                <HistoryPanel subject={kind} id={saved.id} noun={kind} eventKey="history" />
              </Accordion.Body>
            </Accordion.Item>
          )}
        </Accordion>
      </>
    );
  }

  return (
    <Modal
      show={show}
      onHide={requestClose}
      size="xl"
      dialogClassName="document-modal"
      scrollable
      aria-labelledby={titleId}
      backdrop={busy ? 'static' : true}
      keyboard={!busy}
      {...(stacked ? { className: 'stacked-modal', backdropClassName: 'stacked-modal-backdrop' } : {})}
    >
      <ModalHeading id={titleId}>
        {isEdit ? `Edit ${info.label}` : `Create ${info.label}`}
        {saved && <DocumentSubtitle doc={saved} />}
      </ModalHeading>
      <Modal.Body>{body}</Modal.Body>
      <Modal.Footer className="justify-content-between">
        <div className="d-flex flex-wrap align-items-center gap-2">
          {saved && (
            <DocumentFileActions
              kind={kind}
              doc={saved}
              noPricePrint={noPricePrint}
              disabled={busy || fileBusy}
              onBusy={setFileBusy}
            />
          )}
          {saved && kind === 'quote' && (
            <Button
              variant="outline-success"
              onClick={() => void exportToOrder(false)}
              disabled={busy || fileBusy}
              aria-busy={exporting}
            >
              {exporting && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              Export to Order
            </Button>
          )}
          {saved && kind === 'quote' && !earlierRevision && (
            <Button
              variant="outline-secondary"
              onClick={() => void revise()}
              disabled={busy || fileBusy}
              title="Make the next revision of this quote; this one is kept as it is"
            >
              Revise
            </Button>
          )}
          {saved && kind === 'quote' && <ExportedOrders orderIds={saved.exportedOrderIds ?? []} onOpen={onOpenOrder} />}
          {canCancel && (
            <Button
              variant="outline-danger"
              onClick={() => setAskCancel(true)}
              disabled={busy || fileBusy || dirty || !cancelledStatus}
              title={
                dirty
                  ? 'Save or discard the changes to the Details first'
                  : 'Cancel this order: it moves to the Closed Orders with the status Cancelled'
              }
            >
              Cancel order
            </Button>
          )}
        </div>
        <div className="d-flex flex-wrap align-items-center gap-2">
          {stale && (
            <Button variant="outline-secondary" onClick={() => void reload()} disabled={doc.isFetching}>
              {doc.isFetching && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
              Reload the latest version
            </Button>
          )}
          {isEdit && saved && !readOnly && (
            <span
              id={unsavedId}
              role="status"
              className={`small ${dirty ? 'text-warning-emphasis fw-semibold' : 'text-body-secondary'}`}
              data-testid="unsaved-changes"
            >
              {dirty ? `Unsaved changes: ${unsaved.join(', ')}` : 'Details saved'}
            </span>
          )}
          <Button variant="secondary" onClick={requestClose} disabled={busy}>
            Close
          </Button>
          <BusyButton
            type="submit"
            form={formId}
            variant="primary"
            // Busy (not disabled) while saving and while the new order loads after a Create: the
            // button keeps focus, and a second press or Ctrl+S does nothing.
            busy={saving || (isEdit && !saved && !doc.isError)}
            disabled={busy || (isEdit && !saved) || readOnly}
            title={
              accepted
                ? 'An accepted quote cannot change: revise it'
                : readOnly
                  ? 'An earlier revision cannot change'
                  : saveTitle(isEdit ? 'Save' : 'Create')
            }
            style={{ minWidth: '6rem' }}
            aria-describedby={isEdit && saved && !readOnly ? unsavedId : undefined}
          >
            {isEdit && dirty && <span className="unsaved-dot me-1" aria-hidden="true" />}
            {isEdit ? 'Save' : 'Create'}
          </BusyButton>
        </div>
      </Modal.Footer>
      {discard.dialog}
      {kind === 'order' && saved && (
        <ConfirmModal
          show={askCancel}
          objectName="Order"
          action="cancel"
          onConfirm={cancelOrder}
          onClose={() => setAskCancel(false)}
        >
          <p className="mb-0">
            Cancel order {saved.id}? It gets the status Cancelled and moves to the Closed Orders; it leaves its bay if
            it is in one. It is kept, with its history.
          </p>
        </ConfirmModal>
      )}
      {saved && kind === 'quote' && (
        <ExportAgainDialog
          question={exportQuestion}
          onAgain={() => void exportToOrder(true)}
          onCancel={() => setExportQuestion(null)}
        />
      )}
    </Modal>
  );
}

function DocumentSubtitle({ doc }: { doc: DocumentHeader }) {
  const date = doc.orderDate ?? doc.quoteDate;
  return (
    <span className="ms-2 fs-6 fw-normal text-secondary">
      {doc.customer.name} · {doc.jobName ?? 'no job name'} (ID {doc.id}
      {date ? `, ${date}` : ''})
      {doc.orderStatus && <span className="badge text-bg-light border ms-2 fw-normal">{doc.orderStatus.type}</span>}
      {doc.kind === 'quote' && doc.revision !== undefined && doc.revision > 1 && (
        <span className="badge text-bg-light border ms-2 fw-normal">
          {quoteLabel(doc.quoteNumber ?? doc.id, doc.revision)}
        </span>
      )}
      {doc.status && <QuoteStatusBadge status={doc.status} className="ms-2" />}
    </span>
  );
}
