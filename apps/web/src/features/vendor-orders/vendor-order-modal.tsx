import { VENDOR_ORDER_STATUSES, type VendorOrder, type VendorOrderInput, type VendorOrderStatus } from '@desk/domain';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Col, Form, Modal, Row, Spinner } from 'react-bootstrap';
import { Banner } from '../../components/ui/banner';
import { Loading } from '../../components/ui/loading';
import { errorText, ResultBanner, type SaveResult } from '../../components/ui/result-banner';
import { isApiError } from '../../lib/api-client';
import { useCreateVendorOrder } from './api/create-vendor-order';
import { useVendorOrder } from './api/get-vendor-order';
import { useUpdateVendorOrder } from './api/update-vendor-order';
import { VendorOrderLinkedOrders } from './vendor-order-linked-orders';
import {
  emptyVendorOrderForm,
  parseVendorOrderForm,
  vendorOrderToForm,
  type FieldErrors,
  type VendorOrderFormValues,
} from './vendor-order-form';

export interface VendorOrderModalProps {
  show: boolean;
  /** null opens the editor in create mode. */
  vendorOrderId: number | null;
  /** Close or cancel: nothing saved by this modal. */
  onClose: () => void;
  /** A create or update succeeded; the caller closes the modal and shows the result. */
  onSaved: (result: SaveResult) => void;
  /** The closing animation has ended: the caller can unmount the modal (and stop its queries). */
  onExited?: () => void;
}

const FORM_ID = 'vendor-order-form';

/**
 * Create or edit a vendor order (docs/product.md section 2, "Vendor order edit modal"). A successful
 * save hands its banner to the list and closes; a failed one keeps the modal open with the
 * 'Create failed' or 'Update failed' banner so nothing typed is lost.
 */
export function VendorOrderModal({ show, vendorOrderId, onClose, onSaved, onExited }: VendorOrderModalProps) {
  const titleId = useId();
  const [result, setResult] = useState<SaveResult | null>(null);
  const vendorOrder = useVendorOrder(vendorOrderId);
  const createMutation = useCreateVendorOrder();
  const updateMutation = useUpdateVendorOrder();
  const saving = createMutation.isPending || updateMutation.isPending;
  const isEdit = vendorOrderId !== null;
  const stale =
    result?.kind === 'update-failed' && isApiError(updateMutation.error) && updateMutation.error.httpStatus === 409;

  const save = async (input: VendorOrderInput) => {
    setResult(null);
    if (vendorOrderId === null) {
      try {
        const created = await createMutation.mutateAsync(input);
        onSaved({ kind: 'created', id: created.vendorOrder.id, message: created.message });
      } catch (e) {
        setResult({ kind: 'create-failed', error: errorText(e) });
      }
    } else {
      try {
        await updateMutation.mutateAsync({ id: vendorOrderId, input });
        onSaved({ kind: 'updated' });
      } catch (e) {
        setResult({ kind: 'update-failed', error: errorText(e) });
      }
    }
  };

  const reload = async () => {
    setResult(null);
    updateMutation.reset();
    await vendorOrder.refetch();
  };

  let body: ReactNode;
  if (isEdit && vendorOrder.isPending) {
    body = <Loading />;
  } else if (isEdit && vendorOrder.isError) {
    body = (
      <Banner variant="danger" title="The vendor order could not be loaded">
        <small>{errorText(vendorOrder.error)}</small>
      </Banner>
    );
  } else {
    const loaded = isEdit ? vendorOrder.data : undefined;
    body = (
      <>
        <VendorOrderForm
          // A new version from the server (after a reload) starts the form afresh from it.
          key={loaded ? `${loaded.id}:${loaded.version}` : 'new'}
          vendorOrder={loaded}
          disabled={saving}
          onSubmit={(input) => void save(input)}
        />
        {loaded && (
          <section aria-labelledby={`${titleId}-linked`} className="mt-4">
            <h3 id={`${titleId}-linked`} className="fs-6 fw-semibold border-bottom pb-2 mb-3">
              Linked Orders
            </h3>
            <VendorOrderLinkedOrders vendorOrderId={loaded.id} />
          </section>
        )}
      </>
    );
  }

  return (
    <Modal
      show={show}
      onHide={onClose}
      onExited={onExited}
      size="lg"
      scrollable
      aria-labelledby={titleId}
      backdrop={saving ? 'static' : true}
      keyboard={!saving}
    >
      <Modal.Header closeButton closeLabel="Close dialog">
        <Modal.Title id={titleId} as="h2" className="fs-5">
          {isEdit ? 'Edit Vendor Order' : 'Create Vendor Order'}
          {isEdit && vendorOrder.data && (
            <span className="ms-2 fs-6 fw-normal text-secondary">
              {vendorOrder.data.name} (ID {vendorOrder.data.id})
            </span>
          )}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div aria-live="polite">
          <ResultBanner result={result} onClose={() => setResult(null)} />
        </div>
        {stale && (
          <div className="d-flex justify-content-end mt-n2 mb-3">
            <Button
              variant="outline-secondary"
              size="sm"
              onClick={() => void reload()}
              disabled={vendorOrder.isFetching}
            >
              {vendorOrder.isFetching && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
              Reload the latest version
            </Button>
          </div>
        )}
        {body}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Close
        </Button>
        <Button
          type="submit"
          form={FORM_ID}
          variant="primary"
          disabled={saving || (isEdit && !vendorOrder.data)}
          style={{ minWidth: '6rem' }}
        >
          {saving && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {isEdit ? 'Save' : 'Create'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

interface VendorOrderFormProps {
  vendorOrder: VendorOrder | undefined;
  disabled: boolean;
  /** Called with the checked input (including the version the form started from). */
  onSubmit: (input: VendorOrderInput) => void;
}

function VendorOrderForm({ vendorOrder, disabled, onSubmit }: VendorOrderFormProps) {
  const id = useId();
  const [values, setValues] = useState<VendorOrderFormValues>(() =>
    vendorOrder ? vendorOrderToForm(vendorOrder) : emptyVendorOrderForm,
  );
  const [errors, setErrors] = useState<FieldErrors>({});

  const set = <K extends keyof VendorOrderFormValues>(field: K, value: VendorOrderFormValues[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = parseVendorOrderForm(values, vendorOrder?.version);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      // Put the cursor on the first field to fix.
      const first = Object.keys(parsed.errors)[0];
      if (first) requestAnimationFrame(() => document.getElementById(`${id}-${first}`)?.focus());
      return;
    }
    setErrors({});
    onSubmit(parsed.input);
  };

  const errorCount = Object.keys(errors).length;

  return (
    <Form id={FORM_ID} noValidate onSubmit={submit} aria-label="Vendor order">
      {errorCount > 0 && (
        <Alert variant="danger" className="py-2 small">
          Please correct the {errorCount === 1 ? 'highlighted field' : `${errorCount} highlighted fields`}.
        </Alert>
      )}
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
