import type { AvailabilityLine, CartLine, DocumentKind, SubPartRow } from '@desk/domain';
import { useState } from 'react';
import { Button, Table } from 'react-bootstrap';
import { ConfirmDelete } from '../../components/ui/confirm-modal';
import { useConfirmTarget } from '../../components/ui/row-actions';
import { Loading } from '../../components/ui/loading';
import { errorText } from '../../components/ui/result-banner';
import { useToast } from '../../components/ui/toaster';
import { ProductLinker } from '../../components/ui/product-linker';
import { useAddSubPart } from './api/add-sub-part';
import { useDeleteSubPart } from './api/delete-sub-part';
import { useSubParts } from './api/list-sub-parts';
import { useUpdateSubPartNotes } from './api/update-sub-part-notes';
import { LineModifierPanel } from './line-modifier-panel';
import { NotesModal } from './notes-modal';
import { LineStockBadge } from '../../components/stock-badge';

export interface PackageLineDetailsProps {
  kind: DocumentKind;
  docId: number;
  line: CartLine;
  /** The document's availability by product (docs/stock.md): each sub-part shows its product's. */
  stock?: ReadonlyMap<number, AvailabilityLine> | undefined;
}

const SUB_PART_COLUMNS = [
  'Quantity',
  'Product ID',
  'Item No',
  'Item Description',
  'Notes',
  'Inches',
  'Product Type',
] as const;

/** Rows that a modifier put on the line are tinted; the legend says so. */
const MOD_ROW_CLASS = 'table-info';

/**
 * An expanded package line (docs/product.md section 2): its sub-parts (per door, from the package's
 * associated parts and from applied modifiers), Add Part, and the package modifier panel.
 */
export function PackageLineDetails({ kind, docId, line, stock }: PackageLineDetailsProps) {
  const subParts = useSubParts(kind, line.id);
  const addSubPart = useAddSubPart(kind, line.id);
  const deleteSubPart = useDeleteSubPart(kind, line.id);
  const updateNotes = useUpdateSubPartNotes(kind, line.id);
  const [linking, setLinking] = useState(false);
  const [editing, setEditing] = useState<SubPartRow | null>(null);
  const deleting = useConfirmTarget<SubPartRow>();
  const toast = useToast();

  const saveNotes = async (row: SubPartRow, notes: string, inches: string) => {
    try {
      await updateNotes.mutateAsync({
        row,
        notes: notes.trim() === '' ? null : notes,
        inches: inches.trim() === '' ? null : inches,
      });
    } catch (error) {
      toast.error(
        'The sub-part could not be changed',
        `Notes of ${row.product.itemNo} were not saved: ${errorText(error)}`,
      );
    }
  };

  const columnCount = SUB_PART_COLUMNS.length + 1;
  const rows = subParts.data ?? [];

  return (
    <div className="package-line-details d-flex flex-column gap-3">
      <section aria-label={`Sub-parts of ${line.product.itemNo}`}>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h4 className="fs-6 fw-semibold mb-0">
            Sub-parts <span className="fw-normal text-secondary small">(quantities per package)</span>
          </h4>
          <span className="d-inline-flex align-items-center gap-1 small text-secondary ms-2">
            <span
              aria-hidden="true"
              className="d-inline-block rounded-1 border border-info-subtle bg-info-subtle"
              style={{ width: '0.9rem', height: '0.9rem' }}
            />
            Parts from Modifiers
          </span>
          <Button size="sm" variant="outline-primary" className="ms-auto" onClick={() => setLinking(true)}>
            + Add Part
          </Button>
        </div>
        <div className="table-responsive border rounded bg-body">
          <Table size="sm" className="align-middle mb-0 small" aria-label={`Sub-parts of ${line.product.itemNo}`}>
            <thead>
              <tr>
                {SUB_PART_COLUMNS.map((c) => (
                  <th key={c} scope="col" className={c === 'Quantity' || c === 'Product ID' ? 'text-end' : undefined}>
                    {c}
                  </th>
                ))}
                <th scope="col" className="text-end">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {subParts.isPending && (
                <tr>
                  <td colSpan={columnCount}>
                    <Loading />
                  </td>
                </tr>
              )}
              {subParts.isError && (
                <tr>
                  <td colSpan={columnCount} className="text-danger py-3">
                    The sub-parts could not be loaded: {errorText(subParts.error)}
                  </td>
                </tr>
              )}
              {subParts.isSuccess && rows.length === 0 && (
                <tr>
                  <td colSpan={columnCount} className="text-center text-secondary py-3">
                    No sub-parts on this line
                  </td>
                </tr>
              )}
              {rows.map((row) => {
                const fromModifier = row.source === 'MOD';
                return (
                  <tr key={row.rowId} className={fromModifier ? MOD_ROW_CLASS : undefined}>
                    <td className="text-end">{row.quantity}</td>
                    <td className="text-end text-secondary">{row.product.id}</td>
                    <td className="item-no fw-medium">{row.product.itemNo}</td>
                    <td>
                      {row.product.itemDescription}
                      {fromModifier && row.category && (
                        <span className="ms-1 badge rounded-pill text-bg-info fw-normal">{row.category}</span>
                      )}
                      <LineStockBadge line={stock?.get(row.product.id)} className="d-table mt-1" />
                    </td>
                    <td className="text-break" style={{ maxWidth: '16rem' }}>
                      {row.notes}
                    </td>
                    <td>{row.inches}</td>
                    <td className="text-nowrap">{row.product.productType}</td>
                    <td className="text-end text-nowrap">
                      <div className="d-inline-flex gap-1">
                        {!fromModifier && (
                          <Button
                            size="sm"
                            variant="outline-danger"
                            className="py-0"
                            onClick={() => deleting.ask(row)}
                            aria-label={`Delete ${row.product.itemNo}`}
                          >
                            Delete
                          </Button>
                        )}
                        <Button
                          size="sm"
                          variant="outline-secondary"
                          className="py-0"
                          onClick={() => setEditing(row)}
                          aria-label={`Edit notes of ${row.product.itemNo}`}
                        >
                          Edit Notes
                        </Button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
      </section>

      <LineModifierPanel kind={kind} docId={docId} lineId={line.id} packageId={line.product.id} />

      {/* Parts only: the parts-only product list (a package never goes inside a package). */}
      <ProductLinker
        show={linking}
        linkType={kind}
        partsOnly
        title="Select Product"
        onLink={(product, quantity) => addSubPart.mutateAsync({ childId: product.id, quantity })}
        onClose={() => setLinking(false)}
      />

      <NotesModal
        show={editing !== null}
        title={editing ? `Edit Notes - ${editing.product.itemNo}` : 'Edit Notes'}
        category={editing?.source === 'MOD' ? editing.category : null}
        initialNotes={editing?.notes}
        initialInches={editing?.inches}
        onCancel={() => setEditing(null)}
        onSubmit={(notes, inches) => {
          const row = editing!;
          setEditing(null);
          void saveNotes(row, notes, inches);
        }}
      />

      <ConfirmDelete target={deleting} objectName="Sub-part" onDelete={(row) => deleteSubPart.mutateAsync(row.rowId)}>
        Are you sure you would like to delete the sub-part {deleting.target?.product.itemNo} (id:{' '}
        {deleting.target?.rowId})?
      </ConfirmDelete>
    </div>
  );
}
