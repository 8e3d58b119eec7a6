import type { DocumentKind, DocumentListItem } from '@desk/domain';
import { Fragment, useId, useState, type ReactNode } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useNewChangesButton } from '../../components/ui/new-changes';
import { useSession } from '../auth/api/get-session';
import { ConfirmDelete, preloadConfirmDialog } from '../../components/ui/confirm-modal';
import { DataTable, type Column, type ServerQuery } from '../../components/ui/data-table';
import { ExportLinks } from '../../components/ui/export-links';
import { lazyComponent, usePreloadWhenIdle } from '../../lib/lazy-component';
import { RowAction, useConfirmTarget, useEditorSlot, useModalSlot } from '../../components/ui/row-actions';
import { useDeleteDocument } from './api/delete-document';
import { listDocumentsPage } from './api/list-documents';
import { documentKeys } from './api/query-keys';
import { KIND_INFO } from './kinds';
import { formatMoneyCents } from '../../lib/money';
import { hasAdminRole, useUserRoles } from '../auth/api/get-user-roles';

/** Its own chunk, with the Modal it needs: the list paints without it (issue 19). */
const DuplicateDocumentModal = lazyComponent(() =>
  import('./duplicate-document-modal').then((m) => m.DuplicateDocumentModal),
);

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

/**
 * Date and Total (issue 36): the order's or quote's date and the total the server last priced it
 * at (the stored totals), each sortable through its own index; not filtered (a contains filter
 * on a date or an amount is no help at the counter).
 */
export function dateTotalColumns(kind: DocumentKind): Column<DocumentListItem>[] {
  const dateKey = kind === 'order' ? 'orderDate' : 'quoteDate';
  return [
    {
      key: dateKey,
      header: 'Date',
      width: '6.5rem',
      filterable: false,
      render: (d) => <span className="text-nowrap">{d[dateKey] ?? ''}</span>,
    },
    {
      key: 'total',
      header: 'Total',
      width: '6.5rem',
      filterable: false,
      className: 'text-end',
      render: (d) => (
        <span className="text-nowrap" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {d.totalCents === undefined ? '' : formatMoneyCents(d.totalCents)}
        </span>
      ),
    },
  ];
}

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

/**
 * The order and quote list (docs/product.md section 2): a server-paged table with refresh, Create, and
 * duplicate, edit and (administrators) delete per row.
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
  const { slot: editor, open: openEditor, close: closeEditor } = useEditorSlot();
  const duplicate = useModalSlot<DocumentListItem>();
  const duplicating = duplicate.slot;
  const deleting = useConfirmTarget<DocumentListItem>();
  const deleteDocument = useDeleteDocument(kind);
  // Deleting is for administrators (the server refuses staff with 403); staff cancel an order.
  const canDelete = hasAdminRole(useUserRoles().data);
  // "Changed by": documents with a change by this username in their history (applied on Enter or
  // when the field is left, not on every key).
  const [changedByText, setChangedByText] = useState('');
  const [changedBy, setChangedBy] = useState('');
  const changedById = useId();
  const applyChangedBy = () => setChangedBy(changedByText.trim());
  // Another user's change to an order or quote: a hint to read the list again, rather than rows
  // that move under the clerk's cursor (docs/architecture.md section 11).
  const newChanges = useNewChangesButton(
    useSession().data?.username,
    'document',
    documentKeys.list(kind, closed),
    (e) => e.kind === kind,
  );
  // The row actions' dialogs, fetched when the browser is idle after the first page.
  usePreloadWhenIdle(documentKeys.lists(kind), [DuplicateDocumentModal, preloadConfirmDialog]);

  return (
    <>
      <DataTable<DocumentListItem>
        // A new table for the other list, so it starts on page 1 with its own filters.
        key={closed ? 'closed' : 'open'}
        caption={kind === 'order' ? (closed ? 'Closed Orders' : 'Open Orders') : 'Quotes'}
        columns={[
          ...(jobNameNote ? withJobNameNote(jobNameNote) : DOCUMENT_COLUMNS),
          ...extraColumns,
          ...dateTotalColumns(kind),
        ]}
        rowKey={(d) => d.id}
        // Without the filter, the key the route preloading fills (app/route-preload.ts).
        queryKey={changedBy ? [...documentKeys.list(kind, closed), { changedBy }] : documentKeys.list(kind, closed)}
        fetchPage={(query: ServerQuery) =>
          listDocumentsPage(kind, closed, changedBy ? { ...query, filters: { ...query.filters, changedBy } } : query)
        }
        initialSort="-id"
        emptyText={`No ${kind}s found`}
        renderExport={(state) => (
          <ExportLinks
            list={kind === 'order' ? 'orders' : 'quotes'}
            noun={kind === 'order' ? (closed ? 'closed orders' : 'open orders') : 'quotes'}
            state={changedBy ? { ...state, filters: { ...state.filters, changedBy } } : state}
            params={closed ? { closed: '1' } : undefined}
          />
        )}
        toolbar={
          <>
            <Button variant="primary" size="sm" onClick={() => openEditor(null)}>
              Create {label}
            </Button>
            {toolbarEnd}
            {newChanges}
            <Form
              className="d-flex align-items-center gap-2 ms-auto"
              onSubmit={(e) => {
                e.preventDefault();
                applyChangedBy();
              }}
            >
              <Form.Label htmlFor={changedById} className="mb-0 small text-nowrap">
                Changed by
              </Form.Label>
              <Form.Control
                id={changedById}
                size="sm"
                placeholder="username"
                value={changedByText}
                onChange={(e) => setChangedByText(e.target.value)}
                onBlur={applyChangedBy}
                style={{ width: '9rem' }}
                maxLength={100}
              />
            </Form>
          </>
        }
        rowActions={(d) => (
          <>
            <RowAction action="Duplicate" subject={`${kind} ${d.id}`} onClick={() => duplicate.open(d)} />
            <RowAction action="Edit" subject={`${kind} ${d.id}`} onClick={() => openEditor(d.id)} />
            {canDelete && <RowAction action="Delete" subject={`${kind} ${d.id}`} onClick={() => deleting.ask(d)} />}
          </>
        )}
      />

      {/* Each opening gets a fresh editor (keyed), so no state leaks from the previous one. */}
      {editor && (
        <Fragment key={`editor-${editor.seq}`}>
          {renderEditor({
            show: editor.show,
            documentId: editor.value,
            onClose: closeEditor,
          })}
        </Fragment>
      )}

      {duplicating && (
        <DuplicateDocumentModal
          key={`duplicate-${duplicating.seq}`}
          kind={kind}
          show={duplicating.show}
          source={duplicating.value}
          onClose={duplicate.close}
          onDuplicated={(copyId) => {
            duplicate.close();
            // Open the copy, as a product duplicate does (docs/product.md section 4).
            openEditor(copyId);
          }}
        />
      )}

      <ConfirmDelete
        target={deleting}
        objectName={label}
        onDelete={(d) => deleteDocument.mutateAsync(d.id)}
        detail={(d) => [d.customerName, d.jobName].filter(Boolean).join(' - ')}
      >
        <p className="mb-0">
          Are you sure you would like to delete the {kind} (id: {deleting.target?.id})?
        </p>
      </ConfirmDelete>
    </>
  );
}
