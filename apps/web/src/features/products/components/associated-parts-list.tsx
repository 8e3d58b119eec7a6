import type { AssociatedPart } from '@desk/domain';
import { useState, type FormEvent } from 'react';
import { Button, Form, InputGroup, Spinner, Table } from 'react-bootstrap';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ProductLinker } from '../../../components/ui/product-linker';
import { ErrorBanner, errorText } from '../../../components/ui/result-banner';
import { ListTableHead, TableMessageRow } from '../../../components/ui/list-table';
import { useConfirmTarget } from '../../../components/ui/row-actions';
import { useCreateAssociatedPart } from '../api/create-associated-part';
import { useDeleteAssociatedPart } from '../api/delete-associated-part';
import { useAssociatedParts } from '../api/list-associated-parts';
import { useUpdateAssociatedPart } from '../api/update-associated-part';

const COLUMNS = ['Quantity', 'Item No', 'Item Description', 'Product Type', 'Actions'] as const;

export interface AssociatedPartsListProps {
  packageId: number;
}

/**
 * The parts every door of this package needs, with their quantities per door (docs/product.md
 * section 2, "Associated Parts list"). Parts are added with the package linker, which offers
 * no packages.
 */
export function AssociatedPartsList({ packageId }: AssociatedPartsListProps) {
  const parts = useAssociatedParts(packageId);
  const link = useCreateAssociatedPart();
  const remove = useDeleteAssociatedPart();
  const [showLinker, setShowLinker] = useState(false);
  const removing = useConfirmTarget<AssociatedPart>();

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <Button size="sm" variant="primary" onClick={() => setShowLinker(true)}>
          Add Part
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          aria-label="Refresh associated parts"
          onClick={() => void parts.refetch()}
          disabled={parts.isFetching}
        >
          ↻ Refresh
        </Button>
        {parts.data && parts.data.length > 0 && (
          <span className="small text-secondary ms-auto">
            {plural(parts.data.length, 'part')}, {plural(pieces(parts.data), 'piece')} per door
          </span>
        )}
      </div>

      {parts.isError && <ErrorBanner title="Associated parts could not be loaded" error={parts.error} />}

      <Table responsive hover size="sm" className="align-middle mb-0">
        <caption className="visually-hidden">Associated parts</caption>
        <ListTableHead columns={COLUMNS} />
        <tbody>
          {parts.isPending ? (
            <TableMessageRow colSpan={COLUMNS.length}>
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
              Loading...
            </TableMessageRow>
          ) : (parts.data ?? []).length === 0 ? (
            <TableMessageRow colSpan={COLUMNS.length}>No associated parts yet</TableMessageRow>
          ) : (
            parts.data!.map((part) => (
              <tr key={part.id}>
                <td style={{ width: '9.5rem' }}>
                  {/* Keyed by the stored quantity: a reload resets the cell to what was saved. */}
                  <QuantityCell key={part.quantity} packageId={packageId} part={part} />
                </td>
                <td className="text-nowrap">{part.child_itemNo}</td>
                <td>{part.child_itemDescription}</td>
                <td className="text-nowrap">{part.child_productType_type}</td>
                <td className="text-end">
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Delete associated part ${part.child_itemNo}`}
                    onClick={() => removing.ask(part)}
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </Table>

      <ProductLinker
        show={showLinker}
        linkType="package"
        title="Add Part to Package"
        onLink={(product, quantity) => link.mutateAsync({ packageId, childId: product.id, quantity })}
        onCreated={() => void parts.refetch()}
        onClose={() => setShowLinker(false)}
      />

      <ConfirmModal
        show={removing.show}
        objectName="Associated Part"
        action="delete"
        onConfirm={() => remove.mutateAsync({ packageId, id: removing.target!.id })}
        onClose={removing.close}
      >
        {removing.target &&
          `Are you sure you would like to remove ${removing.target.child_itemNo} from this package (id: ${removing.target.id})?`}
      </ConfirmModal>
    </>
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const pieces = (parts: AssociatedPart[]) => parts.reduce((sum, part) => sum + part.quantity, 0);

/** The inline quantity: Save is enabled only when the value differs from the stored one. */
function QuantityCell({ packageId, part }: { packageId: number; part: AssociatedPart }) {
  const [value, setValue] = useState(String(part.quantity));
  const update = useUpdateAssociatedPart();
  const quantity = Number(value);
  const valid = value.trim() !== '' && Number.isInteger(quantity) && quantity >= 1;
  const changed = value.trim() !== String(part.quantity);

  function save(event?: FormEvent) {
    event?.preventDefault();
    if (!changed || !valid || update.isPending) return;
    update.mutate({ packageId, part: { ...part, quantity } });
  }

  return (
    <Form onSubmit={save} noValidate>
      <InputGroup size="sm">
        <Form.Control
          type="number"
          min={1}
          step={1}
          value={value}
          isInvalid={(changed && !valid) || update.isError}
          aria-label={`Quantity of ${part.child_itemNo}`}
          onChange={(event) => {
            setValue(event.target.value);
            update.reset();
          }}
        />
        <Button
          type="submit"
          variant={changed && valid ? 'primary' : 'outline-secondary'}
          disabled={!changed || !valid || update.isPending}
          aria-label={`Save quantity of ${part.child_itemNo}`}
        >
          {update.isPending ? <Spinner animation="border" size="sm" aria-hidden="true" /> : 'Save'}
        </Button>
      </InputGroup>
      {update.isError && <div className="small text-danger mt-1">{errorText(update.error)}</div>}
      {changed && !valid && <div className="small text-danger mt-1">Quantity must be a whole number of at least 1</div>}
    </Form>
  );
}
