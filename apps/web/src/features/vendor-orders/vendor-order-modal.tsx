import { VENDOR_ORDER_STATUSES, type VendorOrder, type VendorOrderInput, type VendorOrderStatus } from '@desk/domain';
import { useId, useState } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { RecordEditorModal, type EditorFormProps } from '../../components/ui/record-editor-modal';
import type { SaveResult } from '../../components/ui/result-banner';
import { FormErrorSummary, useRecordForm } from '../../components/ui/use-record-form';
import { useCreateVendorOrder } from './api/create-vendor-order';
import { useCreateVendorOrderForOrder } from './api/create-vendor-order-for-order';
import { useVendorOrder } from './api/get-vendor-order';
import { useUpdateVendorOrder } from './api/update-vendor-order';
import { VendorOrderLines } from './vendor-order-lines';
import { VendorOrderLinkedOrders } from './vendor-order-linked-orders';
import {
  emptyVendorOrderForm,
  parseVendorOrderForm,
  vendorOrderToForm,
  type VendorOrderFormValues,
} from './vendor-order-form';

export interface VendorOrderModalProps {
  show: boolean;
  /** null opens the editor in create mode. */
  vendorOrderId: number | null;
  /** Close or cancel: nothing saved by this modal. */
  onClose: () => void;
  /** A create or update succeeded (its toast is shown); the caller closes the modal. */
  onSaved: (result: SaveResult) => void;
  /** The closing animation has ended: the caller can unmount the modal (and stop its queries). */
  onExited?: () => void;
  /**
   * Create mode opened from an order ("Order from vendor"): the new vendor order is created
   * already linked to this order, in one call.
   */
  forOrderId?: number;
}

const FORM_ID = 'vendor-order-form';

/**
 * Create or edit a vendor order (docs/product.md section 2, "Vendor order edit modal"). A successful
 * save shows its toast and closes; a failed one keeps the modal open with the 'Create failed' or
 * 'Update failed' toast so nothing typed is lost. Closing with unsaved edits asks first.
 */
export function VendorOrderModal({
  show,
  vendorOrderId,
  onClose,
  onSaved,
  onExited,
  forOrderId,
}: VendorOrderModalProps) {
  const linkedId = useId();
  const linesId = useId();
  // A receipt can make the vendor order Received (a new version, so a new form): the cursor
  // stays where the clerk is receiving instead of jumping to Name at the top.
  const [received, setReceived] = useState(false);
  const vendorOrder = useVendorOrder(vendorOrderId);
  const createAlone = useCreateVendorOrder();
  const createForOrder = useCreateVendorOrderForOrder(forOrderId ?? null);
  const createMutation = forOrderId === undefined ? createAlone : createForOrder;
  const updateMutation = useUpdateVendorOrder();

  return (
    <RecordEditorModal
      show={show}
      id={vendorOrderId}
      noun={forOrderId === undefined ? 'Vendor Order' : `Vendor Order for order ${forOrderId}`}
      formId={FORM_ID}
      record={vendorOrder}
      create={createMutation}
      update={updateMutation}
      onSaved={onSaved}
      onClose={onClose}
      onExited={onExited}
    >
      {({ record, formKey, ...form }) => (
        <>
          <VendorOrderForm key={formKey} vendorOrder={record} {...form} autoFocus={form.autoFocus && !received} />
          {record && (
            <section aria-labelledby={linesId} className="mt-4">
              <h3 id={linesId} className="fs-6 fw-semibold border-bottom pb-2 mb-3">
                Lines
              </h3>
              <VendorOrderLines vendorOrderId={record.id} onReceived={() => setReceived(true)} />
            </section>
          )}
          {record && (
            <section aria-labelledby={linkedId} className="mt-4">
              <h3 id={linkedId} className="fs-6 fw-semibold border-bottom pb-2 mb-3">
                Linked Orders
              </h3>
              <VendorOrderLinkedOrders vendorOrderId={record.id} />
            </section>
          )}
        </>
      )}
    </RecordEditorModal>
  );
}

interface VendorOrderFormProps extends EditorFormProps<VendorOrderInput> {
  vendorOrder: VendorOrder | undefined;
}

function VendorOrderForm({ vendorOrder, disabled, autoFocus, onDirtyChange, onSubmit }: VendorOrderFormProps) {
  const { id, values, errors, set, submit, firstField } = useRecordForm<VendorOrderFormValues, VendorOrderInput>({
    initial: () => (vendorOrder ? vendorOrderToForm(vendorOrder) : emptyVendorOrderForm),
    parse: (v) => parseVendorOrderForm(v, vendorOrder?.version),
    autoFocus,
    onDirtyChange,
    onSubmit,
  });

  return (
    <Form id={FORM_ID} noValidate onSubmit={submit} aria-label="Vendor order">
      <FormErrorSummary count={Object.keys(errors).length} />
      <fieldset disabled={disabled}>
        <Row className="g-3">
          <Col xs={12}>
            <Form.Group controlId={`${id}-name`}>
              <Form.Label className="mb-1">
                Name
                <span className="text-danger ms-1" aria-hidden="true">
                  *
                </span>
              </Form.Label>
              <Form.Control
                ref={firstField}
                value={values.name}
                onChange={(e) => set('name', e.target.value)}
                isInvalid={errors.name !== undefined}
                aria-required
                autoComplete="off"
                placeholder="Supplier and PO number"
              />
              <Form.Control.Feedback type="invalid">{errors.name}</Form.Control.Feedback>
            </Form.Group>
          </Col>
          <Col xs={12}>
            <Form.Group controlId={`${id}-description`}>
              <Form.Label className="mb-1">Description</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                value={values.description}
                onChange={(e) => set('description', e.target.value)}
                isInvalid={errors.description !== undefined}
                placeholder="What is on order: sections, springs, track kits, openers..."
              />
              <Form.Control.Feedback type="invalid">{errors.description}</Form.Control.Feedback>
            </Form.Group>
          </Col>
          <Col sm={6}>
            <Form.Group controlId={`${id}-estimatedArrival`}>
              <Form.Label className="mb-1">Estimated Arrival</Form.Label>
              <Form.Control
                type="date"
                value={values.estimatedArrival}
                onChange={(e) => set('estimatedArrival', e.target.value)}
                isInvalid={errors.estimatedArrival !== undefined}
              />
              <Form.Control.Feedback type="invalid">{errors.estimatedArrival}</Form.Control.Feedback>
            </Form.Group>
          </Col>
          <Col sm={6}>
            <Form.Group controlId={`${id}-status`}>
              <Form.Label className="mb-1">Status</Form.Label>
              <Form.Select
                value={values.status}
                onChange={(e) => set('status', e.target.value as VendorOrderStatus)}
                isInvalid={errors.status !== undefined}
              >
                {VENDOR_ORDER_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {status}
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{errors.status}</Form.Control.Feedback>
            </Form.Group>
          </Col>
        </Row>
      </fieldset>
    </Form>
  );
}
