import { VENDOR_ORDER_STATUSES, type VendorOrder, type VendorOrderInput, type VendorOrderStatus } from '@desk/domain';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Col, Form, Modal, Row, Spinner } from 'react-bootstrap';
import { Banner } from '../../components/ui/banner';
import { Loading } from '../../components/ui/loading';
import { errorText, type SaveResult } from '../../components/ui/result-banner';
import { sameValues } from '../../components/ui/same-values';
import { useToast } from '../../components/ui/toaster';
import { useDiscardGuard } from '../../components/ui/use-discard-guard';
import { useFocusFirstField, useKeepFocusAfterSave } from '../../components/ui/use-editor-focus';
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
  /** A create or update succeeded (its toast is shown); the caller closes the modal. */
  onSaved: (result: SaveResult) => void;
  /** The closing animation has ended: the caller can unmount the modal (and stop its queries). */
  onExited?: () => void;
}

const FORM_ID = 'vendor-order-form';

/**
 * Create or edit a vendor order (docs/product.md section 2, "Vendor order edit modal"). A successful
 * save shows its toast and closes; a failed one keeps the modal open with the 'Create failed' or
 * 'Update failed' toast so nothing typed is lost. Closing with unsaved edits asks first.
 */
export function VendorOrderModal({ show, vendorOrderId, onClose, onSaved, onExited }: VendorOrderModalProps) {
  const titleId = useId();
  const toast = useToast();
  const [stale, setStale] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [savedOnce, setSavedOnce] = useState(false);
  const failureShown = useRef(false);
  const submitRef = useRef<HTMLButtonElement>(null);
  const vendorOrder = useVendorOrder(vendorOrderId);
  const createMutation = useCreateVendorOrder();
  const updateMutation = useUpdateVendorOrder();
  const saving = createMutation.isPending || updateMutation.isPending;
  const isEdit = vendorOrderId !== null;
  const { guard, dialog } = useDiscardGuard(dirty && show);
  useKeepFocusAfterSave(saving, submitRef);

  const report = (result: SaveResult) => {
    failureShown.current = result.kind === 'create-failed' || result.kind === 'update-failed';
    toast.saveResult(result);
  };

  const save = async (input: VendorOrderInput) => {
    setStale(false);
    setSavedOnce(true);
    if (vendorOrderId === null) {
      try {
        const created = await createMutation.mutateAsync(input);
        const result: SaveResult = { kind: 'created', id: created.vendorOrder.id, message: created.message };
        report(result);
        onSaved(result);
      } catch (e) {
        report({ kind: 'create-failed', error: errorText(e) });
      }
    } else {
      try {
        await updateMutation.mutateAsync({ id: vendorOrderId, input });
        report({ kind: 'updated' });
        onSaved({ kind: 'updated' });
      } catch (e) {
        report({ kind: 'update-failed', error: errorText(e) });
        setStale(isApiError(e) && e.httpStatus === 409);
      }
    }
  };

  const reload = async () => {
    setStale(false);
    updateMutation.reset();
    await vendorOrder.refetch();
  };

  // Close button, X, Escape and the backdrop all come here; a failure toast about this editor
  // goes with it.
  const requestClose = () =>
    guard(() => {
      if (failureShown.current) toast.dismiss('save');
      onClose();
    });

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
          autoFocus={!savedOnce}
          onDirtyChange={setDirty}
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
      onHide={requestClose}
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
      <Modal.Body>{body}</Modal.Body>
      <Modal.Footer>
        {stale && (
          // In the footer, always in view: the answer to 'changed by someone else'.
          <Button
            variant="outline-secondary"
            className="me-auto"
            onClick={() => void reload()}
            disabled={vendorOrder.isFetching}
          >
            {vendorOrder.isFetching && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
            Reload the latest version
          </Button>
        )}
        <Button variant="secondary" onClick={requestClose} disabled={saving}>
          Close
        </Button>
        <Button
          ref={submitRef}
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
      {dialog}
    </Modal>
  );
}

interface VendorOrderFormProps {
  vendorOrder: VendorOrder | undefined;
  disabled: boolean;
  /** Put the cursor in the first field on mount (not when re-created after a save). */
  autoFocus: boolean;
  /** Whether the fields differ from the vendor order the form started from. */
  onDirtyChange: (dirty: boolean) => void;
  /** Called with the checked input (including the version the form started from). */
  onSubmit: (input: VendorOrderInput) => void;
}

function VendorOrderForm({ vendorOrder, disabled, autoFocus, onDirtyChange, onSubmit }: VendorOrderFormProps) {
  const id = useId();
  const [initial] = useState<VendorOrderFormValues>(() =>
    vendorOrder ? vendorOrderToForm(vendorOrder) : emptyVendorOrderForm,
  );
  const [values, setValues] = useState<VendorOrderFormValues>(initial);
  const firstField = useRef<HTMLInputElement>(null);
  useFocusFirstField(autoFocus, firstField);

  const dirty = !sameValues(values, initial);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  // Replaced (after a reload) or gone: the next form reports for itself.
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);
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
