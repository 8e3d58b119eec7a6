import type { DocumentKind, DocumentListItem } from '@desk/domain';
import { Fragment, useState, type ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { ConfirmDelete, useDeleteTarget } from '../../components/ui/confirm-modal';
import { DataTable, type Column, type ServerQuery } from '../../components/ui/data-table';
import { useDeleteDocument } from './api/delete-document';
import { listDocumentsPage } from './api/list-documents';
import { documentKeys } from './api/query-keys';
import { DuplicateDocumentModal } from './duplicate-document-modal';
import { KIND_INFO } from './kinds';

const text = (v: string | null) => v ?? '';

/** ID, Job Name, PO Number, Customer No, Customer Name, Contact Name: both lists start so. */
export const DOCUMENT_COLUMNS: Column<DocumentListItem>[] = [
  { key: 'id', header: 'ID', width: '5.5rem' },
  { key: 'jobName', header: 'Job Name', render: (d) => <span className="fw-medium">{text(d.jobName)}</span> },
  { key: 'poNumber', header: 'PO Number', width: '9rem', render: (d) => text(d.poNumber) },
  { key: 'customerNo', header: 'Customer No', width: '9rem', render: (d) => text(d.customerNo) },
  { key: 'customerName', header: 'Customer Name' },
  { key: 'contactName', header: 'Contact Name', render: (d) => text(d.contactName) },
];

function withJobNameNote(note: (row: DocumentListItem) => ReactNode): Column<DocumentListItem>[] {
  return DOCUMENT_COLUMNS.map((c) =>
    c.key === 'jobName'
      ? {
          ...c,
          render: (d) => (
            <>
              <span className="fw-medium">{text(d.jobName)}</span>
              <div>{note(d)}</div>
            </>
          ),
        }
      : c,
  );
}

/** What the kind's modal needs from the list. */
export interface EditorProps {
  show: boolean;
  documentId: number | null;
  onClose: () => void;
  /** Quotes: opens an order made from the quote. */
  onOpenOrder?: ((orderId: number) => void) | undefined;
  /** Opened on top of another modal. */
  stacked?: boolean | undefined;
}

export interface DocumentListProps {
  kind: DocumentKind;
  /** Orders: open (list/0) or closed (list/1). */
  closed?: boolean;
  /** Columns after the shared six (orders: Order Status). */
  extraColumns?: Column<DocumentListItem>[];
  /** Controls after Create (orders: the open/closed switch). */
  toolbarEnd?: ReactNode;
  /** The kind's editor modal. */
  renderEditor: (props: EditorProps) => ReactNode;
  /** A line under the row's Job Name (quotes: "Exported to order 26"). */
  jobNameNote?: (row: DocumentListItem) => ReactNode;
}

type Editor = { seq: number; id: number | null; show: boolean };

/**
 * The order and quote list (docs/product.md section 2): a server-paged table with refresh, Create, and
 * duplicate, edit and delete per row.
 */
export function DocumentList({
  kind,
  closed = false,
  extraColumns = [],
  toolbarEnd,
  renderEditor,
  jobNameNote,
}: DocumentListProps) {
  const label = KIND_INFO[kind].label;
  const [editor, setEditor] = useState<Editor | null>(null);
  const [duplicating, setDuplicating] = useState<{ seq: number; source: DocumentListItem; show: boolean } | null>(null);
  const deleting = useDeleteTarget<DocumentListItem>();
  const deleteDocument = useDeleteDocument(kind);

  const openEditor = (id: number | null) => setEditor((e) => ({ seq: (e?.seq ?? 0) + 1, id, show: true }));
  const openDuplicate = (source: DocumentListItem) =>
    setDuplicating((p) => ({ seq: (p?.seq ?? 0) + 1, source, show: true }));

  return (
    <>
      <DataTable<DocumentListItem>
        // A new table for the other list, so it starts on page 1 with its own filters.
        key={closed ? 'closed' : 'open'}
        caption={kind === 'order' ? (closed ? 'Closed Orders' : 'Open Orders') : 'Quotes'}
        columns={[...(jobNameNote ? withJobNameNote(jobNameNote) : DOCUMENT_COLUMNS), ...extraColumns]}
        rowKey={(d) => d.id}
        queryKey={documentKeys.list(kind, closed)}
        fetchPage={(query: ServerQuery) => listDocumentsPage(kind, closed, query)}
        initialSort="-id"
        emptyText={`No ${kind}s found`}
        toolbar={
          <>
            <Button variant="primary" size="sm" onClick={() => openEditor(null)}>
              Create {label}
            </Button>
            {toolbarEnd}
          </>
        }
        rowActions={(d) =>
          (
            [
              ['Duplicate', 'outline-secondary', () => openDuplicate(d)],
              ['Edit', 'outline-primary', () => openEditor(d.id)],
              ['Delete', 'outline-danger', () => deleting.ask(d)],
            ] as const
          ).map(([action, variant, onClick]) => (
            <Button key={action} variant={variant} size="sm" onClick={onClick} aria-label={`${action} ${kind} ${d.id}`}>
              {action}
            </Button>
          ))
        }
      />

      {/* Each opening gets a fresh editor (keyed), so no state leaks from the previous one. */}
      {editor && (
        <Fragment key={`editor-${editor.seq}`}>
          {renderEditor({
            show: editor.show,
            documentId: editor.id,
            onClose: () => setEditor({ ...editor, show: false }),
          })}
        </Fragment>
      )}

      {duplicating && (
        <DuplicateDocumentModal
          key={`duplicate-${duplicating.seq}`}
          kind={kind}
          show={duplicating.show}
          source={duplicating.source}
          onClose={() => setDuplicating({ ...duplicating, show: false })}
          onDuplicated={(copyId) => {
            setDuplicating({ ...duplicating, show: false });
            // Open the copy, as a product duplicate does (docs/product.md section 4).
            openEditor(copyId);
          }}
        />
      )}

      <ConfirmDelete target={deleting} objectName={label} onDelete={(d) => deleteDocument.mutateAsync(d.id)}>
        <p className="mb-0">
          Are you sure you would like to delete the {kind} (id: {deleting.row?.id})?
        </p>
        {deleting.row && (
          <p className="mb-0 mt-1 small text-secondary">
            {[deleting.row.customerName, deleting.row.jobName].filter(Boolean).join(' - ')}
          </p>
        )}
      </ConfirmDelete>
    </>
  );
}
