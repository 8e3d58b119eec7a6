import type { DocumentHeader, DocumentKind, OrderStatus } from '@desk/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Accordion, Alert, Button, Modal, Spinner } from 'react-bootstrap';
import { Banner } from '../../components/ui/banner';
import { Loading } from '../../components/ui/loading';
import { errorText, ResultBanner, type SaveResult } from '../../components/ui/result-banner';
import { isApiError } from '../../lib/api-client';
import { useCreateDocument } from './api/create-document';
import { useExportQuoteToOrder } from './api/export-quote-to-order';
import { useDocument } from './api/get-document';
import { newIdempotencyKey } from '../../lib/api-client';
import { documentKeys } from './api/query-keys';
import { useUpdateDocument } from './api/update-document';
import { DocumentDetailsForm } from './document-details-form';
import { DocumentFileActions, type FileOutcome } from './document-file-actions';
import { createInput, updateInput, type CustomerChoice, type DocumentFormValues } from './document-form';
import { KIND_INFO, requiresCreatedText } from './kinds';
import { ProductCart } from './product-cart';
import './documents.css';

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
}

type ExportOutcome = { ok: true; orderId: number } | { ok: false; error: string } | null;

/**
 * The order and quote editor (docs/product.md section 2): Details, Product Cart and, for orders, Linked
 * Vendor Orders. After a create it switches to edit mode on the new id (docs/product.md section 4).
 */
export function DocumentModal({ kind, show, documentId: initialId, onClose, extraSections = [] }: DocumentModalProps) {
  const info = KIND_INFO[kind];
  const titleId = useId();
  const formId = `${useId()}-details`;
  const queryClient = useQueryClient();
  const [docId, setDocId] = useState(initialId);
  const [result, setResult] = useState<SaveResult | null>(null);
  const [fileOutcome, setFileOutcome] = useState<FileOutcome | null>(null);
  const [exportOutcome, setExportOutcome] = useState<ExportOutcome>(null);
  const [fileBusy, setFileBusy] = useState(false);
  // One key per create attempt, kept across retries of it so a lost answer does not double it.
  const createKey = useRef<string | null>(null);
  const exportKey = useRef<string | null>(null);
  const doc = useDocument(kind, docId);
  const createMutation = useCreateDocument(kind);
  const updateMutation = useUpdateDocument(kind);
  const exportMutation = useExportQuoteToOrder();
  const saving = createMutation.isPending || updateMutation.isPending;
  const exporting = exportMutation.isPending;
  const busy = saving || exporting;
  const isEdit = docId !== null;
  const saved = isEdit ? doc.data : undefined;
  const stale =
    result?.kind === 'update-failed' && isApiError(updateMutation.error) && updateMutation.error.httpStatus === 409;

  const save = async (values: DocumentFormValues & { customer: CustomerChoice }, status: OrderStatus | null) => {
    setResult(null);
    setExportOutcome(null);
    if (docId === null) {
      createKey.current ??= newIdempotencyKey();
      try {
        const created = await createMutation.mutateAsync({
          input: createInput(kind, values, status),
          idempotencyKey: createKey.current,
        });
        createKey.current = null;
        setResult({ kind: 'created', id: created.document.id, message: created.message });
        setDocId(created.document.id);
        void queryClient.invalidateQueries({ queryKey: documentKeys.detail(kind, created.document.id) });
      } catch (e) {
        setResult({ kind: 'create-failed', error: errorText(e) });
      }
    } else if (saved) {
      try {
        await updateMutation.mutateAsync(updateInput(saved, values, status));
        setResult({ kind: 'updated' });
      } catch (e) {
        setResult({ kind: 'update-failed', error: errorText(e) });
      }
    }
  };

  const exportToOrder = async () => {
    if (docId === null) return;
    setResult(null);
    setFileOutcome(null);
    setExportOutcome(null);
    exportKey.current ??= newIdempotencyKey();
    try {
      const { order } = await exportMutation.mutateAsync({ quoteId: docId, idempotencyKey: exportKey.current });
      exportKey.current = null;
      setExportOutcome({ ok: true, orderId: order.id });
    } catch (e) {
      setExportOutcome({ ok: false, error: errorText(e) });
    }
  };

  const reload = async () => {
    setResult(null);
    updateMutation.reset();
    await doc.refetch();
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
              disabled={busy}
              onSubmit={(values, status) => void save(values, status)}
            />
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="cart">
          <Accordion.Header as="h3">Product Cart</Accordion.Header>
          <Accordion.Body>
            {saved ? <ProductCart kind={kind} docId={saved.id} useTax={saved.useTax} /> : sectionNotice}
          </Accordion.Body>
        </Accordion.Item>
        {extraSections.map((section) => (
          <Accordion.Item key={section.key} eventKey={section.key}>
            <Accordion.Header as="h3">{section.title}</Accordion.Header>
            <Accordion.Body>{saved ? section.render(saved.id) : sectionNotice}</Accordion.Body>
          </Accordion.Item>
        ))}
      </Accordion>
    );
  }

  return (
    <Modal
      show={show}
      onHide={onClose}
      size="xl"
      dialogClassName="document-modal"
      scrollable
      aria-labelledby={titleId}
      backdrop={busy ? 'static' : true}
      keyboard={!busy}
    >
      <Modal.Header closeButton closeLabel="Close dialog">
        <Modal.Title id={titleId} as="h2" className="fs-5">
          {isEdit ? `Edit ${info.label}` : `Create ${info.label}`}
          {saved && <DocumentSubtitle doc={saved} />}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div aria-live="polite">
          <ResultBanner result={result} onClose={() => setResult(null)} />
          {fileOutcome && (
            <Banner
              variant={fileOutcome.ok ? 'success' : 'danger'}
              title={fileOutcome.title}
              onClose={() => setFileOutcome(null)}
            >
              {fileOutcome.detail ? <small>{fileOutcome.detail}</small> : undefined}
            </Banner>
          )}
          {exportOutcome?.ok === true && (
            <Alert variant="success" dismissible onClose={() => setExportOutcome(null)} closeLabel="Dismiss">
              <div className="fw-semibold">Export success</div>
              <div className="mt-1 small">New order ID: {exportOutcome.orderId}. Find it under Orders.</div>
            </Alert>
          )}
          {exportOutcome?.ok === false && (
            <Banner variant="danger" title="Export failed" onClose={() => setExportOutcome(null)}>
              <small>{exportOutcome.error}</small>
            </Banner>
          )}
        </div>
        {stale && (
          <div className="d-flex justify-content-end mt-n2 mb-3">
            <Button variant="outline-secondary" size="sm" onClick={() => void reload()} disabled={doc.isFetching}>
              {doc.isFetching && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
              Reload the latest version
            </Button>
          </div>
        )}
        {body}
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        <div className="d-flex flex-wrap gap-2">
          {saved && (
            <DocumentFileActions
              kind={kind}
              doc={saved}
              disabled={busy || fileBusy}
              onBusy={setFileBusy}
              onOutcome={(outcome) => {
                setResult(null);
                setExportOutcome(null);
                setFileOutcome(outcome);
              }}
            />
          )}
          {saved && kind === 'quote' && (
            <Button variant="outline-success" onClick={() => void exportToOrder()} disabled={busy || fileBusy}>
              {exporting && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              Export to Order
            </Button>
          )}
        </div>
        <div className="d-flex gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Close
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="primary"
            disabled={busy || (isEdit && !saved)}
            style={{ minWidth: '6rem' }}
          >
            {saving && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {isEdit ? 'Save' : 'Create'}
          </Button>
        </div>
      </Modal.Footer>
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
    </span>
  );
}
