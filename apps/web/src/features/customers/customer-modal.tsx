import type { Customer, CustomerInput } from '@desk/domain';
import { useState } from 'react';
import { Accordion, Alert, Button, Col, Form, Row } from 'react-bootstrap';
import { RecordEditorModal, type EditorFormProps } from '../../components/ui/record-editor-modal';
import { SwitchField } from '../../components/ui/switch-field';
import { FormErrorSummary, useRecordForm } from '../../components/ui/use-record-form';
import { useCreateCustomer } from './api/create-customer';
import { useCustomer } from './api/get-customer';
import { useUpdateCustomer } from './api/update-customer';
import { EditorSection } from '../../components/editor-section';
import {
  customerToForm,
  emptyCustomerForm,
  MULTIPLIER_FIELDS,
  parseCustomerForm,
  sectionOf,
  type AddressValues,
  type CustomerFormValues,
  type CustomerSection,
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
  const [customerId, setCustomerId] = useState(initialId);
  const customer = useCustomer(customerId);
  const createMutation = useCreateCustomer();
  const updateMutation = useUpdateCustomer();

  return (
    <RecordEditorModal
      show={show}
      id={customerId}
      noun="Customer"
      formId={FORM_ID}
      record={customer}
      create={createMutation}
      update={updateMutation}
      // After a create the editor stays open on the new customer.
      onSaved={(result) => {
        if (result.kind === 'created') setCustomerId(result.id);
      }}
      onClose={onClose}
    >
      {({ record, formKey, ...form }) => <CustomerForm key={formKey} customer={record} {...form} />}
    </RecordEditorModal>
  );
}

interface CustomerFormProps extends EditorFormProps<CustomerInput> {
  customer: Customer | undefined;
}

const ALL_SECTIONS: CustomerSection[] = ['details', 'addresses', 'multipliers'];

function CustomerForm({ customer, disabled, autoFocus, onDirtyChange, onSubmit }: CustomerFormProps) {
  const [openSections, setOpenSections] = useState<string[]>(ALL_SECTIONS);
  const { id, values, setValues, errors, setErrors, clearError, set, submit, firstField } = useRecordForm<
    CustomerFormValues,
    CustomerInput,
    HTMLInputElement & HTMLTextAreaElement
  >({
    initial: () => (customer ? customerToForm(customer) : emptyCustomerForm),
    parse: (v) => parseCustomerForm(v, customer?.version),
    autoFocus,
    onDirtyChange,
    onSubmit,
    // Open the sections with a field to fix.
    onInvalid: (found) => {
      const withErrors = new Set(Object.keys(found).map(sectionOf));
      setOpenSections((open) => [...new Set([...open, ...withErrors])]);
    },
  });

  const setAddress = (which: 'streetAddress' | 'shipTo', field: keyof AddressValues, value: string) => {
    setValues((previous) => ({ ...previous, [which]: { ...previous[which], [field]: value } }));
    clearError(`${which}.${field}`);
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

  /** A yes/no of the customer, as a switch. */
  const toggle = (path: 'useTax' | 'readyForPickupEmail', label: string, title?: string) => (
    <SwitchField
      id={`${id}-${path}`}
      label={label}
      title={title}
      className="mb-1"
      checked={values[path]}
      onChange={(on) => set(path, on)}
    />
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

  return (
    <Form id={FORM_ID} noValidate onSubmit={submit} aria-label="Customer">
      <FormErrorSummary count={Object.keys(errors).length} />
      <fieldset disabled={disabled}>
        <Accordion
          activeKey={openSections}
          onSelect={(keys) => setOpenSections((keys as string[] | null) ?? [])}
          alwaysOpen
        >
          <EditorSection eventKey="details" title="Customer Details">
            <Row className="g-2">
              <Col md={3}>{field('customerNo', 'Customer No', values.customerNo, (v) => set('customerNo', v))}</Col>
              <Col md={5}>
                {field('name', 'Customer Name', values.name, (v) => set('name', v), {
                  required: true,
                  autoComplete: 'organization',
                })}
              </Col>
              <Col md={4}>{field('contactName', 'Contact Name', values.contactName, (v) => set('contactName', v))}</Col>
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
              <Col sm={6} md={3} className="d-flex flex-column justify-content-end">
                {toggle('useTax', 'Use Tax')}
                {toggle(
                  'readyForPickupEmail',
                  'E-mail when an order is ready',
                  "E-mail the customer when Place in Bay makes one of their orders a bay's current load (when the e-mail is switched on under Admin, Email Management)",
                )}
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
          </EditorSection>

          <EditorSection eventKey="addresses" title="Customer Addresses">
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
          </EditorSection>

          <EditorSection eventKey="multipliers" title="Customer Multipliers">
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
          </EditorSection>
        </Accordion>
      </fieldset>
    </Form>
  );
}
