import type { Customer, CustomerInput } from '@desk/domain';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Accordion, Alert, Button, Col, Form, Modal, Row, Spinner } from 'react-bootstrap';
import { Banner } from '../../components/ui/banner';
import { Loading } from '../../components/ui/loading';
import { errorText, type SaveResult } from '../../components/ui/result-banner';
import { sameValues } from '../../components/ui/same-values';
import { useToast } from '../../components/ui/toaster';
import { useDiscardGuard } from '../../components/ui/use-discard-guard';
import { useFocusFirstField, useKeepFocusAfterSave } from '../../components/ui/use-editor-focus';
import { isApiError } from '../../lib/api-client';
import { useCreateCustomer } from './api/create-customer';
import { useCustomer } from './api/get-customer';
import { useUpdateCustomer } from './api/update-customer';
import {
  customerToForm,
  emptyCustomerForm,
  MULTIPLIER_FIELDS,
  parseCustomerForm,
  sectionOf,
  type AddressValues,
  type CustomerFormValues,
  type CustomerSection,
  type FieldErrors,
} from './customer-form';

export interface CustomerModalProps {
  show: boolean;
  /** null opens the editor in create mode. */
  customerId: number | null;
  onClose: () => void;
}

const FORM_ID = 'customer-form';

/**
 * Create or edit a customer (docs/product.md section 2, "Customer edit modal"). After a create the
 * modal switches to edit mode on the new id (docs/product.md section 4). Results show as toasts, in
 * view wherever the modal is scrolled; closing with unsaved edits asks first.
 */
export function CustomerModal({ show, customerId: initialId, onClose }: CustomerModalProps) {
  const titleId = useId();
  const toast = useToast();
  const [customerId, setCustomerId] = useState(initialId);
  const [stale, setStale] = useState(false);
  const [dirty, setDirty] = useState(false);
  // A form re-created from the server's answer after a save keeps focus where it was.
  const [savedOnce, setSavedOnce] = useState(false);
  const failureShown = useRef(false);
  const submitRef = useRef<HTMLButtonElement>(null);
  const customer = useCustomer(customerId);
  const createMutation = useCreateCustomer();
  const updateMutation = useUpdateCustomer();
  const saving = createMutation.isPending || updateMutation.isPending;
  const isEdit = customerId !== null;
  const { guard, dialog } = useDiscardGuard(dirty && show);
  useKeepFocusAfterSave(saving, submitRef);

  const report = (result: SaveResult) => {
    failureShown.current = result.kind === 'create-failed' || result.kind === 'update-failed';
    toast.saveResult(result);
  };

  const save = async (input: CustomerInput) => {
    setStale(false);
    setSavedOnce(true);
    if (customerId === null) {
      try {
        const created = await createMutation.mutateAsync(input);
        report({ kind: 'created', id: created.customer.id, message: created.message });
        setCustomerId(created.customer.id);
      } catch (e) {
        report({ kind: 'create-failed', error: errorText(e) });
      }
    } else {
      try {
        await updateMutation.mutateAsync({ id: customerId, input });
        report({ kind: 'updated' });
      } catch (e) {
        report({ kind: 'update-failed', error: errorText(e) });
        setStale(isApiError(e) && e.httpStatus === 409);
      }
    }
  };

  const reload = async () => {
    setStale(false);
    updateMutation.reset();
    await customer.refetch();
  };

  // Close button, X, Escape and the backdrop all come here; a failure toast about this editor
  // goes with it.
  const requestClose = () =>
    guard(() => {
      if (failureShown.current) toast.dismiss('save');
      onClose();
    });

  let body: ReactNode;
  if (isEdit && customer.isPending) {
    body = <Loading />;
  } else if (isEdit && customer.isError) {
    body = (
      <Banner variant="danger" title="The customer could not be loaded">
        <small>{errorText(customer.error)}</small>
      </Banner>
    );
  } else {
    const loaded = isEdit ? customer.data : undefined;
    body = (
      <CustomerForm
        // A new version from the server (after a save or a reload) starts the form afresh from it.
        key={loaded ? `${loaded.id}:${loaded.version}` : 'new'}
        customer={loaded}
        disabled={saving}
        autoFocus={!savedOnce}
        onDirtyChange={setDirty}
        onSubmit={(input) => void save(input)}
      />
    );
  }

  return (
    <Modal
      show={show}
      onHide={requestClose}
      size="lg"
      scrollable
      aria-labelledby={titleId}
      backdrop={saving ? 'static' : true}
      keyboard={!saving}
    >
      <Modal.Header closeButton closeLabel="Close dialog">
        <Modal.Title id={titleId} as="h2" className="fs-5">
          {isEdit ? 'Edit Customer' : 'Create Customer'}
          {isEdit && customer.data && (
            <span className="ms-2 fs-6 fw-normal text-secondary">
              {customer.data.name} (ID {customer.data.id})
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
            disabled={customer.isFetching}
          >
            {customer.isFetching && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
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
          disabled={saving || (isEdit && !customer.data)}
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

interface CustomerFormProps {
  customer: Customer | undefined;
  disabled: boolean;
  /** Put the cursor in the first field on mount (not when re-created after a save). */
  autoFocus: boolean;
  /** Whether the fields differ from the customer the form started from. */
  onDirtyChange: (dirty: boolean) => void;
  /** Called with the checked input (including the version the form started from). */
  onSubmit: (input: CustomerInput) => void;
}

const ALL_SECTIONS: CustomerSection[] = ['details', 'addresses', 'multipliers'];

function CustomerForm({ customer, disabled, autoFocus, onDirtyChange, onSubmit }: CustomerFormProps) {
  const id = useId();
  const [initial] = useState<CustomerFormValues>(() => (customer ? customerToForm(customer) : emptyCustomerForm));
  const [values, setValues] = useState<CustomerFormValues>(initial);
  const firstField = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  useFocusFirstField(autoFocus, firstField);

  const dirty = !sameValues(values, initial);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  // Replaced (after a save or a reload) or gone: the next form reports for itself.
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const [errors, setErrors] = useState<FieldErrors>({});
  const [openSections, setOpenSections] = useState<string[]>(ALL_SECTIONS);

  const set = <K extends keyof CustomerFormValues>(field: K, value: CustomerFormValues[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _dropped, ...rest }) => rest);
  };
  const setAddress = (which: 'streetAddress' | 'shipTo', field: keyof AddressValues, value: string) => {
    setValues((previous) => ({ ...previous, [which]: { ...previous[which], [field]: value } }));
    const path = `${which}.${field}`;
    if (errors[path]) setErrors(({ [path]: _dropped, ...rest }) => rest);
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = parseCustomerForm(values, customer?.version);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      const withErrors = new Set(Object.keys(parsed.errors).map(sectionOf));
      setOpenSections((open) => [...new Set([...open, ...withErrors])]);
      // Put the cursor on the first field to fix.
      const first = Object.keys(parsed.errors)[0];
      if (first) requestAnimationFrame(() => document.getElementById(`${id}-${first}`)?.focus());
      return;
    }
    setErrors({});
    onSubmit(parsed.input);
  };

  const field = (
    path: string,
    label: string,
    value: string,
    onChange: (v: string) => void,
    options: { type?: string; as?: 'textarea'; autoComplete?: string; required?: boolean } = {},
  ) => (
    <Form.Group controlId={`${id}-${path}`}>
      <Form.Label className="mb-1 small">{label}</Form.Label>
      {/* Outside the label, so the field's accessible name stays just its label. */}
      {options.required && (
        <span className="text-danger ms-1" aria-hidden="true" title="Required">
          *
        </span>
      )}
      <Form.Control
        ref={path === 'customerNo' ? firstField : undefined}
        type={options.as ? undefined : (options.type ?? 'text')}
        as={options.as}
        rows={options.as ? 2 : undefined}
        size="sm"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        isInvalid={errors[path] !== undefined}
        aria-required={options.required || undefined}
        autoComplete={options.autoComplete ?? 'off'}
      />
      <Form.Control.Feedback type="invalid">{errors[path]}</Form.Control.Feedback>
    </Form.Group>
  );

  const address = (which: 'streetAddress' | 'shipTo') => (
    <Row className="g-2">
      <Col xs={12}>
        {field(`${which}.street`, 'Street', values[which].street, (v) => setAddress(which, 'street', v))}
      </Col>
      <Col sm={6}>{field(`${which}.city`, 'City', values[which].city, (v) => setAddress(which, 'city', v))}</Col>
      <Col xs={6} sm={2}>
        {field(`${which}.state`, 'State', values[which].state, (v) => setAddress(which, 'state', v))}
      </Col>
      <Col xs={6} sm={4}>
        {field(`${which}.zipCode`, 'Zip Code', values[which].zipCode, (v) => setAddress(which, 'zipCode', v))}
      </Col>
    </Row>
  );

  const shipToEmpty = Object.values(values.shipTo).every((v) => v.trim() === '');
  const streetEmpty = Object.values(values.streetAddress).every((v) => v.trim() === '');
  const errorCount = Object.keys(errors).length;

  return (
    <Form id={FORM_ID} noValidate onSubmit={submit} aria-label="Customer">
      {errorCount > 0 && (
        <Alert variant="danger" className="py-2 small">
          Please correct the {errorCount === 1 ? 'highlighted field' : `${errorCount} highlighted fields`}.
        </Alert>
      )}
      <fieldset disabled={disabled}>
        <Accordion
          activeKey={openSections}
          onSelect={(keys) => setOpenSections((keys as string[] | null) ?? [])}
          alwaysOpen
        >
          <Accordion.Item eventKey="details">
            <Accordion.Header as="h3">Customer Details</Accordion.Header>
            <Accordion.Body>
              <Row className="g-2">
                <Col md={3}>{field('customerNo', 'Customer No', values.customerNo, (v) => set('customerNo', v))}</Col>
                <Col md={5}>
                  {field('name', 'Customer Name', values.name, (v) => set('name', v), {
                    required: true,
                    autoComplete: 'organization',
                  })}
                </Col>
                <Col md={4}>
                  {field('contactName', 'Contact Name', values.contactName, (v) => set('contactName', v))}
                </Col>
                <Col md={6}>{field('email', 'E-mail', values.email, (v) => set('email', v), { type: 'email' })}</Col>
                <Col sm={6} md={3}>
                  {field('phone', 'Phone', values.phone, (v) => set('phone', v), { type: 'tel' })}
                </Col>
                <Col sm={6} md={3}>
                  {field('mobilePhone', 'Mobile Phone', values.mobilePhone, (v) => set('mobilePhone', v), {
                    type: 'tel',
                  })}
                </Col>
                <Col sm={6} md={3}>
                  {field('fax', 'Fax', values.fax, (v) => set('fax', v), { type: 'tel' })}
                </Col>
                <Col sm={6} md={3}>
                  {field('taxCode', 'Tax Code', values.taxCode, (v) => set('taxCode', v))}
                </Col>
                <Col sm={6} md={3}>
                  {field('termsCode', 'Terms Code', values.termsCode, (v) => set('termsCode', v))}
                </Col>
                <Col sm={6} md={3} className="d-flex align-items-end">
                  <Form.Check
                    type="switch"
                    role="switch"
                    id={`${id}-useTax`}
                    label="Use Tax"
                    className="mb-1"
                    checked={values.useTax}
                    onChange={(e) => set('useTax', e.target.checked)}
                  />
                </Col>
                <Col md={6}>
                  {field('specialNeeds', 'Special Needs', values.specialNeeds, (v) => set('specialNeeds', v), {
                    as: 'textarea',
                  })}
                </Col>
                <Col md={6}>
                  {field(
                    'specialInstructions',
                    'Special Instructions',
                    values.specialInstructions,
                    (v) => set('specialInstructions', v),
                    { as: 'textarea' },
                  )}
                </Col>
              </Row>
            </Accordion.Body>
          </Accordion.Item>

          <Accordion.Item eventKey="addresses">
            <Accordion.Header as="h3">Customer Addresses</Accordion.Header>
            <Accordion.Body>
              <Row className="g-4">
                <Col lg={6}>
                  <div className="d-flex align-items-center mb-1" style={{ minHeight: '2rem' }}>
                    <h4 className="fs-6 fw-semibold mb-0">Street Address</h4>
                  </div>
                  {address('streetAddress')}
                </Col>
                <Col lg={6}>
                  <div className="d-flex align-items-center justify-content-between mb-1" style={{ minHeight: '2rem' }}>
                    <h4 className="fs-6 fw-semibold mb-0">Ship To</h4>
                    <Button
                      variant="link"
                      size="sm"
                      className="p-0"
                      disabled={streetEmpty}
                      onClick={() => {
                        set('shipTo', { ...values.streetAddress });
                        setErrors((all) =>
                          Object.fromEntries(Object.entries(all).filter(([k]) => !k.startsWith('shipTo'))),
                        );
                      }}
                      title={shipToEmpty ? undefined : 'Replaces the Ship To address'}
                    >
                      Same as street address
                    </Button>
                  </div>
                  {address('shipTo')}
                </Col>
              </Row>
            </Accordion.Body>
          </Accordion.Item>

          <Accordion.Item eventKey="multipliers">
            <Accordion.Header as="h3">Customer Multipliers</Accordion.Header>
            <Accordion.Body>
              <Alert variant="warning" className="py-2">
                Changing these values will not alter existing orders.
              </Alert>
              <Row className="g-2">
                {MULTIPLIER_FIELDS.map(({ field: name, label }) => (
                  <Col key={name} xs={6} md={3}>
                    <Form.Group controlId={`${id}-${name}`}>
                      <Form.Label className="mb-1 small">{label}</Form.Label>
                      <Form.Control
                        type="number"
                        size="sm"
                        step=".1"
                        min={0}
                        inputMode="decimal"
                        value={values[name]}
                        onChange={(e) => set(name, e.target.value)}
                        isInvalid={errors[name] !== undefined}
                      />
                      <Form.Control.Feedback type="invalid">{errors[name]}</Form.Control.Feedback>
                    </Form.Group>
                  </Col>
                ))}
              </Row>
              <Form.Text>1 = wholesale list price; 0.85 = 15% off.</Form.Text>
            </Accordion.Body>
          </Accordion.Item>
        </Accordion>
      </fieldset>
    </Form>
  );
}
