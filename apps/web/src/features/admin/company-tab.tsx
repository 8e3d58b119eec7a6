import {
  COMPANY_SETTINGS_LABELS,
  companySettingsSchema,
  type CompanySettings,
  type CompanySettingsField,
  type CompanySettingsUpdate,
  type FieldIssue,
} from '@desk/domain';
import { useId, useState, type FormEvent } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { isApiError } from '../../lib/api-client';
import { useCompanySettings } from './api/get-company-settings';
import { useUpdateCompanySettings } from './api/update-company-settings';
import { useFieldErrors } from './field-errors';
import { LabelledField } from '../../components/ui/labelled-field';
import { SaveButton, SettingsLayout, useSettingsSave } from './settings-panel';

/** The text fields of the form; the switch "Price loose parts" is a boolean beside them. */
type TextField = Exclude<CompanySettingsField, 'priceLooseParts'>;
type FormValues = Record<TextField, string> & { priceLooseParts: boolean };
type FieldErrors = Partial<Record<CompanySettingsField, string>>;

const FIELDS = Object.keys(COMPANY_SETTINGS_LABELS) as CompanySettingsField[];

const HINTS: Partial<Record<CompanySettingsField, string>> = {
  name: 'Printed at the top of every quote and order, and shown in the top bar.',
  quoteValidityDays: "Optional. Quotes print 'Valid until' the quote date plus this many days.",
  terms: 'Optional. Printed at the end of every quote and order.',
  hours: "Optional. The {companyHours} of the ready-for-pickup e-mail, e.g. 'Mon-Fri 7:00-4:30, Sat 8:00-12:00'.",
};

const toForm = (s: CompanySettings): FormValues => ({
  name: s.name,
  street: s.street ?? '',
  city: s.city ?? '',
  state: s.state ?? '',
  zip: s.zip ?? '',
  phone: s.phone ?? '',
  email: s.email ?? '',
  quoteValidityDays: s.quoteValidityDays === null ? '' : String(s.quoteValidityDays),
  terms: s.terms ?? '',
  hours: s.hours ?? '',
  priceLooseParts: s.priceLooseParts,
});

/** What "Price loose parts" does, under the switch (docs/decisions/028). */
const PRICE_LOOSE_PARTS_HINT =
  "Off: a part sold on its own (not a package) counts $0.00 unless a price override is set. On: it counts its wholesale price × the customer's multiplier for its category × the quantity. Applies to orders and quotes created from then on; existing ones keep the way they were priced.";

/** A number field's text as the schema reads it: empty stays empty, digits become a number. */
const days = (text: string): string | number => {
  const t = text.trim();
  return t === '' || !Number.isFinite(Number(t)) ? t : Number(t);
};

const isField = (field: string): field is CompanySettingsField => (FIELDS as readonly string[]).includes(field);

/**
 * The server's refused fields, each beside its field: the company settings' rules name their
 * field ('Phone must be at most 40 characters.'), so each issue's message is shown as it is.
 */
export function fieldErrorsFromIssues(issues: readonly FieldIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of issues) if (isField(field)) errors[field] ??= message;
  return errors;
}

/** Admin > Company: the letterhead printed on documents and used in e-mails. */
export function CompanyTab() {
  const settings = useCompanySettings();
  const update = useUpdateCompanySettings();
  const status = useSettingsSave(settings, update);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  const saveSettings = (input: CompanySettingsUpdate) => {
    setServerErrors({});
    return status.save(input, (e) => {
      if (isApiError(e) && e.httpStatus === 400) setServerErrors(fieldErrorsFromIssues(e.issues));
    });
  };

  return (
    <SettingsLayout
      query={settings}
      status={status}
      loadFailedTitle="The company settings could not be loaded"
      intro={
        <>
          Your business as customers see it: printed on every quote and order, and used in e-mails through the{' '}
          <code>{'{companyName}'}</code> <code>{'{companyAddress}'}</code> <code>{'{companyPhone}'}</code>{' '}
          <code>{'{companyEmail}'}</code> <code>{'{companyHours}'}</code> placeholders.
        </>
      }
      col={{ lg: 8, xl: 7 }}
      form={(data) => (
        <CompanyForm
          settings={data}
          saving={update.isPending}
          serverErrors={serverErrors}
          onSubmit={(input) => void saveSettings(input)}
        />
      )}
    />
  );
}

interface CompanyFormProps {
  settings: CompanySettings;
  saving: boolean;
  serverErrors: FieldErrors;
  onSubmit: (input: CompanySettingsUpdate) => void;
}

function CompanyForm({ settings, saving, serverErrors, onSubmit }: CompanyFormProps) {
  const id = useId();
  const [values, setValues] = useState<FormValues>(() => toForm(settings));
  const {
    errors: localErrors,
    setErrors: setLocalErrors,
    clearError,
    reject,
  } = useFieldErrors<CompanySettingsField>(id);
  // The server's messages show until the field is edited; the form's own check comes first.
  const [edited, setEdited] = useState<Partial<Record<CompanySettingsField, boolean>>>({});
  const [seenServerErrors, setSeenServerErrors] = useState(serverErrors);
  if (seenServerErrors !== serverErrors) {
    setSeenServerErrors(serverErrors);
    setEdited({});
  }
  const errorOf = (field: CompanySettingsField) =>
    localErrors[field] ?? (edited[field] ? undefined : serverErrors[field]);

  const set = (field: TextField, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setEdited((previous) => ({ ...previous, [field]: true }));
    clearError(field);
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // The same schema the server parses with; its messages name the field in plain words.
    const parsed = companySettingsSchema.safeParse({
      ...values,
      quoteValidityDays: days(values.quoteValidityDays),
      version: settings.version,
    });
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message }));
      reject(fieldErrorsFromIssues(issues), FIELDS);
      return;
    }
    setLocalErrors({});
    onSubmit(parsed.data);
  };

  const control = (field: TextField, props: { type?: string; textarea?: boolean; autoComplete?: string }) => (
    <LabelledField
      id={`${id}-${field}`}
      label={
        <>
          {COMPANY_SETTINGS_LABELS[field]}
          {field === 'quoteValidityDays' && ' (days)'}
        </>
      }
      value={values[field]}
      onChange={(value) => set(field, value)}
      error={errorOf(field)}
      hint={HINTS[field]}
      {...(props.textarea ? { textarea: { rows: 4 } } : { type: props.type ?? 'text' })}
      autoComplete={props.autoComplete ?? 'off'}
      {...(field === 'quoteValidityDays' ? { min: 1, max: 3650, step: 1, inputMode: 'numeric' as const } : {})}
    />
  );

  return (
    <Form noValidate onSubmit={submit} aria-label="Company settings">
      <fieldset disabled={saving}>
        {control('name', { autoComplete: 'organization' })}
        {control('street', { autoComplete: 'street-address' })}
        <Row className="g-3">
          <Col md={6}>{control('city', { autoComplete: 'address-level2' })}</Col>
          <Col xs={6} md={2}>
            {control('state', { autoComplete: 'address-level1' })}
          </Col>
          <Col xs={6} md={4}>
            {control('zip', { autoComplete: 'postal-code' })}
          </Col>
        </Row>
        <Row className="g-3">
          <Col md={6}>{control('phone', { type: 'tel', autoComplete: 'tel' })}</Col>
          <Col md={6}>{control('email', { type: 'email', autoComplete: 'email' })}</Col>
        </Row>
        <Row className="g-3">
          <Col md={6}>{control('quoteValidityDays', { type: 'number' })}</Col>
          <Col md={6}>{control('hours', {})}</Col>
        </Row>
        {control('terms', { textarea: true })}
        <Form.Check
          type="switch"
          role="switch"
          className="mb-1"
          id={`${id}-priceLooseParts`}
          label={COMPANY_SETTINGS_LABELS.priceLooseParts}
          checked={values.priceLooseParts}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setValues((previous) => ({ ...previous, priceLooseParts: on }));
          }}
          aria-describedby={`${id}-priceLooseParts-hint`}
        />
        <Form.Text id={`${id}-priceLooseParts-hint`} className="d-block mb-3">
          {PRICE_LOOSE_PARTS_HINT}
        </Form.Text>
      </fieldset>
      <SaveButton saving={saving} />
    </Form>
  );
}
