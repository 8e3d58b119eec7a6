import {
  customerLabel,
  DOCUMENT_TEXT_LIMITS,
  QUOTE_STATUSES,
  type DocumentHeader,
  type DocumentKind,
  type OrderStatus,
  type QuoteStatus,
} from '@desk/domain';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { SearchableSelect } from '../../components/ui/searchable-select';
import { SwitchField } from '../../components/ui/switch-field';
import { useCustomerOptions } from './api/list-customer-options';
import { useOrderStatuses } from './api/list-order-statuses';
import {
  documentToForm,
  emptyDocumentForm,
  isHandSet,
  type CustomerChoice,
  type DocumentFormValues,
} from './document-form';
import { isOverLimit, LimitedTextField } from './text-limit';

export interface DocumentDetailsFormProps {
  kind: DocumentKind;
  formId: string;
  /** The saved document; undefined in create mode. */
  document: DocumentHeader | undefined;
  disabled: boolean;
  /** Called with the values, the customer checked, and the status to save (orders). */
  onSubmit: (values: DocumentFormValues & { customer: CustomerChoice }, status: OrderStatus | null) => void;
  /** Every edit, so the modal knows what is unsaved (and the print switch's state). */
  onChange?: (values: DocumentFormValues) => void;
  /** Put the focus in the first field when the form appears: Customer on create, Job Name on edit. */
  autoFocus?: boolean;
}

type TextFieldName = 'jobName' | 'poNumber' | 'specialInstructions';
const TEXT_FIELDS: readonly TextFieldName[] = ['jobName', 'poNumber', 'specialInstructions'];
const TEXT_LABELS: Record<TextFieldName, string> = {
  jobName: 'Job Name',
  poNumber: 'PO Number',
  specialInstructions: 'Special Instructions',
};

/** The order status dropdown's texts (docs/product.md sections 2 and 8). */
export const STATUS_PLACEHOLDER = 'Select Order Status';
export const STATUS_LOADING_TEXT = 'Order Status options not loaded';

/**
 * Order Details / Quote Details: the customer, job, PO and instructions; for orders the status
 * and Pickup Ready; the tax switch and, for a saved document, the multiplier refresh.
 */
export function DocumentDetailsForm({
  kind,
  formId,
  document,
  disabled,
  onSubmit,
  onChange,
  autoFocus = false,
}: DocumentDetailsFormProps) {
  const id = useId();
  const isOrder = kind === 'order';
  const customers = useCustomerOptions();
  const statuses = useOrderStatuses({ enabled: isOrder });
  const [values, setValues] = useState<DocumentFormValues>(() =>
    document ? documentToForm(document) : emptyDocumentForm,
  );
  const [customerError, setCustomerError] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => onChangeRef.current?.(values), [values]);

  // On open, and when the form starts afresh after a Create or a Save, the focus is in its first
  // field: the clerk's place in the modal is never lost to <body>.
  const hasDocument = document !== undefined;
  useEffect(() => {
    if (autoFocus) window.document.getElementById(hasDocument ? `${id}-jobName` : `${id}-customer`)?.focus();
  }, [autoFocus, hasDocument, id]);

  const set = <K extends keyof DocumentFormValues>(field: K, value: DocumentFormValues[K]) =>
    setValues((previous) => ({ ...previous, [field]: value }));

  // Each field is wired by its name: id `${id}-{name}`, its value and its setter.
  const textField = (name: TextFieldName, multiline = false) => (
    <LimitedTextField
      id={`${id}-${name}`}
      label={TEXT_LABELS[name]}
      value={values[name]}
      limit={DOCUMENT_TEXT_LIMITS[name]}
      size="sm"
      onChange={(v) => set(name, v)}
      {...(multiline ? { rows: 2 } : {})}
    />
  );
  const toggle = (name: 'useTax' | 'noPricePrint', label: string, title?: string) => (
    <SwitchField
      id={`${id}-${name}`}
      label={label}
      title={title}
      checked={values[name]}
      onChange={(on) => set(name, on)}
    />
  );

  const statusList = statuses.data ?? [];
  // The first status when none is chosen yet (docs/product.md section 2).
  const status = statusList.find((s) => s.id === values.statusId) ?? statusList[0] ?? null;

  const chooseCustomer = (customer: CustomerChoice | null) => {
    setValues((previous) => ({
      ...previous,
      customer,
      // A new document's tax follows its customer until saved.
      useTax: document === undefined && customer?.useTax !== undefined ? customer.useTax : previous.useTax,
    }));
    if (customer) setCustomerError(false);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (values.customer === null) {
      setCustomerError(true);
      window.document.getElementById(`${id}-customer`)?.focus();
      return;
    }
    // Past its limit a field is refused where the clerk is looking: its message is under it.
    const tooLong = TEXT_FIELDS.find((name) => isOverLimit(values[name], DOCUMENT_TEXT_LIMITS[name]));
    if (tooLong) {
      const field = window.document.getElementById(`${id}-${tooLong}`);
      field?.focus();
      field?.scrollIntoView?.({ block: 'center' });
      return;
    }
    onSubmit({ ...values, customer: values.customer }, isOrder ? status : null);
  };

  // The picked customer is shown from the full list when it is there (it may have changed since).
  const selected = values.customer
    ? ((customers.data?.find((c) => c.id === values.customer!.id) as CustomerChoice | undefined) ?? values.customer)
    : null;

  return (
    <Form id={formId} noValidate onSubmit={submit} aria-label={`${kind === 'order' ? 'Order' : 'Quote'} Details`}>
      <fieldset disabled={disabled}>
        <Row className="g-3">
          <Col lg={7}>
            <div className="mb-3">
              <SearchableSelect<CustomerChoice>
                inputId={`${id}-customer`}
                label="Customer"
                options={customers.data ?? []}
                value={selected}
                onChange={chooseCustomer}
                getOptionLabel={customerLabel}
                getOptionValue={(c) => String(c.id)}
                isLoading={customers.isPending}
                isDisabled={disabled}
                placeholder="Search by number, name, contact or id"
              />
              {customerError && <div className="invalid-feedback d-block">Choose the customer first.</div>}
              {customers.isError && (
                <div className="small text-danger mt-1">The customer list could not be loaded.</div>
              )}
            </div>
            <Row className="g-2">
              <Col md={7}>{textField('jobName')}</Col>
              <Col md={5}>{textField('poNumber')}</Col>
              <Col xs={12}>{textField('specialInstructions', true)}</Col>
            </Row>
          </Col>

          <Col lg={5}>
            <SelectedCustomerCard customer={selected} />
            <Row className="g-2 mt-1">
              {isOrder && (
                <Col sm={7}>
                  <Form.Label htmlFor={`${id}-status`} className="mb-1">
                    Status Code
                  </Form.Label>
                  {statuses.isPending ? (
                    <div role="status" className="d-flex align-items-center gap-2 small text-secondary py-1">
                      <Spinner animation="border" size="sm" aria-hidden="true" />
                      {STATUS_LOADING_TEXT}
                    </div>
                  ) : (
                    <Form.Select
                      id={`${id}-status`}
                      size="sm"
                      value={status?.id ?? ''}
                      onChange={(e) => set('statusId', e.target.value === '' ? null : Number(e.target.value))}
                    >
                      <option value="" disabled>
                        {STATUS_PLACEHOLDER}
                      </option>
                      {statusList.map((s) => (
                        <option key={s.id} value={s.id}>
                          {s.type}
                          {s.closed ? ' (closed)' : ''}
                        </option>
                      ))}
                    </Form.Select>
                  )}
                </Col>
              )}
              {isOrder && (
                <Col sm={5} className="d-flex align-items-end">
                  <Form.Check
                    type="checkbox"
                    id={`${id}-pickup`}
                    label="Pickup Ready"
                    className="mb-1"
                    checked={values.orderPickup && !status?.closed}
                    disabled={status?.closed === true}
                    title={status?.closed ? 'A closed order is not picked up' : undefined}
                    onChange={(e) => set('orderPickup', e.target.checked)}
                  />
                </Col>
              )}
              {!isOrder && document?.status && (
                <Col sm={7}>
                  <Form.Label htmlFor={`${id}-quoteStatus`} className="mb-1">
                    Quote Status
                  </Form.Label>
                  <Form.Select
                    id={`${id}-quoteStatus`}
                    size="sm"
                    value={values.quoteStatus ?? document.status}
                    // Choosing the status it has is no change.
                    onChange={(e) => {
                      const chosen = e.target.value as QuoteStatus;
                      set('quoteStatus', chosen === document.status ? null : chosen);
                    }}
                  >
                    {QUOTE_STATUSES.filter((s) => isHandSet(s) || s === document.status).map((s) => (
                      <option key={s} value={s} disabled={!isHandSet(s)}>
                        {s}
                        {s === 'Accepted' ? ' (exported to an order)' : ''}
                        {s === 'Expired' ? ' (past its validity date)' : ''}
                      </option>
                    ))}
                  </Form.Select>
                </Col>
              )}
              <Col xs={12} className="d-flex flex-wrap gap-4 mt-2">
                {toggle('useTax', 'Use Tax')}
                {toggle(
                  'noPricePrint',
                  'Print without prices',
                  'Download, Print and Send Email leave every price out (a pick ticket for the yard)',
                )}
                {document && (
                  <Form.Check
                    type="checkbox"
                    id={`${id}-refreshMultiplier`}
                    label="Refresh multipliers from customer"
                    checked={values.refreshMultiplier}
                    onChange={(e) => set('refreshMultiplier', e.target.checked)}
                  />
                )}
              </Col>
              {document && (
                <Col xs={12}>
                  <div className="small text-secondary">
                    Multipliers on this {kind}: Residential {document.residentialMultiplierCopy} · Opener{' '}
                    {document.openerMultiplierCopy} · Sectional {document.sectionalMultiplierCopy} · Commercial{' '}
                    {document.commercialMultiplierCopy}
                  </div>
                </Col>
              )}
            </Row>
          </Col>
        </Row>
      </fieldset>
    </Form>
  );
}

function SelectedCustomerCard({ customer }: { customer: CustomerChoice | null }) {
  return (
    <Card className="bg-body-tertiary border-0" as="section" aria-label="Selected Customer">
      <Card.Body className="py-2 px-3">
        <h4 className="fs-6 fw-semibold mb-1">Selected Customer</h4>
        {customer ? (
          <dl className="row mb-0 small">
            <dt className="col-4 fw-normal text-secondary">Name</dt>
            <dd className="col-8 mb-0 fw-semibold">{customer.name}</dd>
            <dt className="col-4 fw-normal text-secondary">Customer No</dt>
            <dd className="col-8 mb-0">{customer.customerNo ?? '—'}</dd>
            <dt className="col-4 fw-normal text-secondary">Contact</dt>
            <dd className="col-8 mb-0">{customer.contactName ?? '—'}</dd>
            <dt className="col-4 fw-normal text-secondary">E-mail</dt>
            <dd className="col-8 mb-0 text-break">{customer.email ?? '—'}</dd>
          </dl>
        ) : (
          <p className="mb-0 small text-secondary">No Customer is selected</p>
        )}
      </Card.Body>
    </Card>
  );
}
