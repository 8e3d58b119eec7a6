import { EMAIL_PLACEHOLDERS, READY_EMAIL_PLACEHOLDERS, emailConfigSchema, type EmailConfig } from '@desk/domain';
import { Fragment, useId } from 'react';
import { Col, Form } from 'react-bootstrap';
import { useEmailConfig, type StoredEmailConfig } from './api/get-email-config';
import { useUpdateEmailConfig } from './api/update-email-config';
import { useLabelledForm } from './field-errors';
import { LabelledField } from '../../components/ui/labelled-field';
import { SaveButton, SettingsLayout, useSettingsSave } from './settings-panel';

type EmailField =
  'quoteSubject' | 'quoteBody' | 'orderSubject' | 'orderBody' | 'emailForward' | 'readySubject' | 'readyBody';
type EmailFormValues = Record<EmailField, string> & { readyForPickupEmail: boolean };

const LABELS: Record<EmailField | 'readyForPickupEmail', string> = {
  quoteSubject: 'Email Quote Subject',
  quoteBody: 'Email Quote Body',
  orderSubject: 'Email Order Subject',
  orderBody: 'Email Order Body',
  emailForward: 'Forward Email',
  readyForPickupEmail: 'E-mail the customer when an order is placed in a bay',
  readySubject: 'Ready for Pickup Subject',
  readyBody: 'Ready for Pickup Body',
};

const FIELDS: ReadonlyArray<{ field: EmailField; body?: boolean; hint?: string }> = [
  { field: 'quoteSubject' },
  { field: 'quoteBody', body: true },
  { field: 'orderSubject' },
  { field: 'orderBody', body: true },
  {
    field: 'emailForward',
    hint: 'Optional. Receives a blind copy of every quote, order and ready-for-pickup e-mail.',
  },
];

const READY_FIELDS: ReadonlyArray<{ field: EmailField; body?: boolean }> = [
  { field: 'readySubject' },
  { field: 'readyBody', body: true },
];

const toForm = (c: StoredEmailConfig): EmailFormValues => ({
  quoteSubject: c.quoteSubject,
  quoteBody: c.quoteBody,
  orderSubject: c.orderSubject,
  orderBody: c.orderBody,
  emailForward: c.emailForward ?? '',
  readyForPickupEmail: c.readyForPickupEmail,
  readySubject: c.readySubject,
  readyBody: c.readyBody,
});

/** Automatic e-mail templates and the forward address (docs/product.md section 2, "Admin home" 2). */
export function EmailManagementTab() {
  const config = useEmailConfig();
  const update = useUpdateEmailConfig();
  const status = useSettingsSave(config, update);

  return (
    <SettingsLayout
      query={config}
      status={status}
      loadFailedTitle="The e-mail settings could not be loaded"
      intro="The subject and body used when a quote or order is e-mailed to a customer, and the e-mail that tells a customer an order is ready for pickup."
      col={{ lg: 7, xl: 6 }}
      rowClassName="g-4"
      aside={
        <Col lg={5} xl={4}>
          <PlaceholderHelp />
        </Col>
      }
      form={(data) => (
        <EmailForm config={data} saving={update.isPending} onSubmit={(input) => void status.save(input)} />
      )}
    />
  );
}

interface EmailFormProps {
  config: StoredEmailConfig;
  saving: boolean;
  onSubmit: (input: EmailConfig) => void;
}

function EmailForm({ config, saving, onSubmit }: EmailFormProps) {
  const { id, values, set, textField, onSubmitParsed } = useLabelledForm(toForm(config), LABELS);
  const textProps = (field: EmailField, body?: boolean) => ({
    ...textField(field),
    label: LABELS[field],
    ...(body
      ? { textarea: { rows: 5, cols: 50 } }
      : { type: field === 'emailForward' ? 'email' : 'text', autoComplete: 'off' }),
  });

  // The same schema the server parses with (docs/conventions.md habit 1); the version guards against lost updates.
  const submit = onSubmitParsed(emailConfigSchema, () => ({ ...values, version: config.version }), onSubmit);

  return (
    <Form noValidate onSubmit={submit} aria-label="E-mail settings">
      <fieldset disabled={saving}>
        {FIELDS.map(({ field, body, hint }) => (
          <LabelledField key={field} {...textProps(field, body)} hint={hint} />
        ))}
      </fieldset>
      <fieldset disabled={saving} className="border rounded p-3 mb-3">
        <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-2">Ready for pickup</legend>
        <Form.Check
          type="switch"
          role="switch"
          id={`${id}-readyForPickupEmail`}
          label={LABELS.readyForPickupEmail}
          checked={values.readyForPickupEmail}
          onChange={(e) => set('readyForPickupEmail', e.currentTarget.checked)}
          aria-describedby={`${id}-readyForPickupEmail-hint`}
        />
        <Form.Text id={`${id}-readyForPickupEmail-hint`} className="d-block mb-3">
          Sent when Place in Bay makes an order a bay&apos;s current load, to customers with an e-mail address who have
          not opted out (the customer&apos;s &quot;E-mail when an order is ready&quot;). If the mail server is down, it
          is sent when the server is back.
        </Form.Text>
        {READY_FIELDS.map(({ field, body }) => (
          <LabelledField key={field} {...textProps(field, body)} />
        ))}
      </fieldset>
      <SaveButton saving={saving} />
    </Form>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Which placeholders a subject or body may use, and what each becomes. */
function PlaceholderHelp() {
  const headingId = useId();
  return (
    <aside aria-labelledby={headingId} className="border rounded bg-body-tertiary p-3 small">
      <h2 id={headingId} className="fs-6 fw-semibold mb-2">
        Placeholders
      </h2>
      <p className="text-secondary mb-3">
        Use these in any subject or body. Each is replaced when a quote or order is e-mailed. A subject or body with any
        other {'{name}'} is not saved, so a misspelling never reaches a customer.
      </p>
      <PlaceholderList className="mb-3" entries={Object.entries(EMAIL_PLACEHOLDERS)} />
      <p className="text-secondary mb-3">
        Example: <code>{'Quote {documentNumber} for {jobName}'}</code>
      </p>
      <h3 className="fs-6 fw-semibold mb-2">Ready for pickup only</h3>
      <p className="text-secondary mb-2">Also these, and every one above but {'{total}'}.</p>
      <PlaceholderList
        className="mb-0"
        entries={Object.entries(READY_EMAIL_PLACEHOLDERS).filter(([name]) => !(name in EMAIL_PLACEHOLDERS))}
      />
    </aside>
  );
}

/** Each placeholder and what it becomes. */
function PlaceholderList({ entries, className }: { entries: Array<[string, string]>; className: string }) {
  return (
    <dl className={`row gy-1 ${className}`}>
      {entries.map(([name, meaning]) => (
        <Fragment key={name}>
          <dt className="col-5 fw-normal">
            <code>{`{${name}}`}</code>
          </dt>
          <dd className="col-7 mb-0">{capitalise(meaning)}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
