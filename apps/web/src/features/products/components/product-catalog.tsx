import type { Product } from '@desk/domain';
import { Badge, Button } from 'react-bootstrap';
import { ConfirmModal, preloadConfirmDialog } from '../../../components/ui/confirm-modal';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { ExportLinks } from '../../../components/ui/export-links';
import { useNewChangesButton } from '../../../components/ui/new-changes';
import { useSession } from '../../auth/api/get-session';
import { RowAction, SlotModal, useEditorSlot, useModalSlot } from '../../../components/ui/row-actions';
import { useDeleteProduct } from '../api/delete-product';
import { listProductPage } from '../api/list-products';
import { productKeys } from '../api/query-keys';
import { DuplicateProductModal } from './duplicate-product-modal';
import { lazyComponent, usePreloadWhenIdle } from '../../../lib/lazy-component';
import { formatMoney } from '../../../lib/money';

// Its own chunk (react-select, the modifier forms, zod), loaded once the list has painted.
const ProductEditorModal = lazyComponent(() => import('./product-editor-modal').then((m) => m.ProductEditorModal));
// Its own chunk too, loaded when opened.
const BulkPriceModal = lazyComponent(() => import('./bulk-price-modal').then((m) => m.BulkPriceModal));
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
  // Stock (docs/stock.md): a package holds none (its parts do), so it shows a dash.
  {
    key: 'onHand',
    header: 'On Hand',
    sortable: false,
    filterable: false,
    className: 'products-col-shrink text-end',
    render: (p) => (p.stock ? p.stock.onHand : '\u2014'),
  },
  {
    key: 'available',
    header: 'Available',
    sortable: false,
    filterable: false,
    className: 'products-col-shrink text-end',
    render: (p) =>
      !p.stock ? (
        '\u2014'
      ) : p.stock.available < 0 ? (
        <span className="text-danger fw-semibold text-nowrap">
          {p.stock.available} <span className="small">({-p.stock.available} short)</span>
        </span>
      ) : (
        p.stock.available
      ),
  },
];

/**
 * Admin > Product Catalog (docs/product.md section 2): the paged product list with create, edit,
 * duplicate and delete.
 */
export function ProductCatalog() {
  const editor = useEditorSlot();
  const duplicating = useModalSlot<Product>();
  const deleting = useModalSlot<Product>();
  const remove = useDeleteProduct();
  const bulk = useModalSlot<null>();
  usePreloadWhenIdle(productKeys.page, [ProductEditorModal, preloadConfirmDialog]);
  const newChanges = useNewChangesButton(useSession().data?.username, 'catalogue', productKeys.page);

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
        renderExport={(state) => <ExportLinks list="products" noun="products" state={state} />}
        toolbar={
          <>
            <Button size="sm" variant="primary" onClick={() => editor.open(null)}>
              Create Product
            </Button>
            <Button size="sm" variant="outline-primary" onClick={() => bulk.open(null)}>
              Bulk price change
            </Button>
            {newChanges}
          </>
        }
        rowActions={(p) => (
          <>
            <RowAction action="Edit" subject={`product ${p.id}`} onClick={() => editor.open(p.id)} />
            <RowAction action="Duplicate" subject={`product ${p.id}`} onClick={() => duplicating.open(p)} />
            <RowAction action="Delete" subject={`product ${p.id}`} onClick={() => deleting.open(p)} />
          </>
        )}
      />

      <SlotModal slot={editor}>
        {(productId, modal) => <ProductEditorModal {...modal} productId={productId} />}
      </SlotModal>

      <SlotModal slot={bulk}>{(_, modal) => <BulkPriceModal {...modal} />}</SlotModal>

      <SlotModal slot={duplicating}>
        {(source, modal) => (
          <DuplicateProductModal
            {...modal}
            source={source}
            onDuplicated={(copy) => {
              duplicating.close();
              editor.open(copy.id);
            }}
          />
        )}
      </SlotModal>

      {deleting.slot && (
        <ConfirmModal
          key={deleting.slot.seq}
          show={deleting.slot.show}
          objectName="Product"
          action="delete"
          onConfirm={() => remove.mutateAsync(deleting.slot!.value.id)}
          onClose={deleting.close}
        >
          {`Are you sure you would like to delete the product (id: ${deleting.slot.value.id})?`}
        </ConfirmModal>
      )}
    </>
  );
}
