import type { Product } from '@desk/domain';
import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { RowAction } from '../../../components/ui/row-actions';
import { useDeleteProduct } from '../api/delete-product';
import { listProductPage } from '../api/list-products';
import { productKeys } from '../api/query-keys';
import { DuplicateProductModal } from './duplicate-product-modal';
import { formatMoney } from '../../../lib/money';
import { ProductEditorModal } from './product-editor-modal';
import './products.css';

const COLUMNS: Column<Product>[] = [
  { key: 'id', header: 'Product ID', className: 'products-col-shrink' },
  { key: 'itemNo', header: 'Item No', className: 'products-col-shrink' },
  { key: 'itemDescription', header: 'Item Description' },
  {
    key: 'wholesalePrice',
    header: 'Wholesale Price',
    className: 'products-col-shrink text-end',
    render: (p) => formatMoney(p.wholesalePrice),
  },
  {
    key: 'modifierCostIncrease',
    header: 'Modifier Cost',
    className: 'products-col-shrink text-end',
    render: (p) => formatMoney(p.modifierCostIncrease),
  },
  {
    key: 'productType',
    header: 'Product Type',
    className: 'products-col-shrink',
    render: (p) =>
      p.isPackage ? (
        <Badge bg="primary-subtle" text="primary-emphasis" className="fw-semibold">
          {p.productType?.type}
        </Badge>
      ) : (
        (p.productType?.type ?? '')
      ),
  },
];

/** Each opening of a modal gets a fresh instance (`key`), so no state leaks between products. */
interface ModalState<T> {
  key: number;
  show: boolean;
  value: T;
}

let modalCounter = 0;
const opened = <T,>(value: T): ModalState<T> => ({ key: ++modalCounter, show: true, value });
const hidden = <T,>(state: ModalState<T> | null) => (state ? { ...state, show: false } : null);

/**
 * Admin > Product Catalog (docs/product.md section 2): the paged product list with create, edit,
 * duplicate and delete.
 */
export function ProductCatalog() {
  const [editor, setEditor] = useState<ModalState<number | null> | null>(null);
  const [duplicating, setDuplicating] = useState<ModalState<Product> | null>(null);
  const [deleting, setDeleting] = useState<ModalState<Product> | null>(null);
  const remove = useDeleteProduct();

  return (
    <>
      <DataTable<Product>
        caption="Product catalog"
        columns={COLUMNS}
        rowKey={(p) => p.id}
        queryKey={productKeys.page}
        fetchPage={(query) => listProductPage(query)}
        initialSort="id"
        emptyText="No products found"
        toolbar={
          <Button size="sm" variant="primary" onClick={() => setEditor(opened(null))}>
            Create Product
          </Button>
        }
        rowActions={(p) => (
          <>
            <RowAction action="Edit" subject={`product ${p.id}`} onClick={() => setEditor(opened(p.id))} />
            <RowAction action="Duplicate" subject={`product ${p.id}`} onClick={() => setDuplicating(opened(p))} />
            <RowAction action="Delete" subject={`product ${p.id}`} onClick={() => setDeleting(opened(p))} />
          </>
        )}
      />

      {editor && (
        <ProductEditorModal
          key={editor.key}
          show={editor.show}
          productId={editor.value}
          onClose={() => setEditor(hidden)}
          onExited={() => setEditor((current) => (current?.show ? current : null))}
        />
      )}

      {duplicating && (
        <DuplicateProductModal
          key={duplicating.key}
          show={duplicating.show}
          source={duplicating.value}
          onClose={() => setDuplicating(hidden)}
          onExited={() => setDuplicating((current) => (current?.show ? current : null))}
          onDuplicated={(copy) => {
            setDuplicating(hidden);
            setEditor(opened(copy.id));
          }}
        />
      )}

      {deleting && (
        <ConfirmModal
          key={deleting.key}
          show={deleting.show}
          objectName="Product"
          action="delete"
          onConfirm={() => remove.mutateAsync(deleting.value.id)}
          onClose={() => setDeleting(hidden)}
        >
          {`Are you sure you would like to delete the product (id: ${deleting.value.id})?`}
        </ConfirmModal>
      )}
    </>
  );
}
