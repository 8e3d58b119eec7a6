import { EMAIL_PLACEHOLDERS, emailConfigSchema, type EmailConfig } from '@desk/domain';
import { Fragment, useId } from 'react';
import { Col, Form } from 'react-bootstrap';
import { useEmailConfig, type StoredEmailConfig } from './api/get-email-config';
import { useUpdateEmailConfig } from './api/update-email-config';
import { useLabelledForm } from './field-errors';
import { LabelledField } from './labelled-field';
import { SaveButton, SettingsLayout, useSettingsSave } from './settings-panel';

type EmailField = 'quoteSubject' | 'quoteBody' | 'orderSubject' | 'orderBody' | 'emailForward';
type EmailFormValues = Record<EmailField, string>;

const LABELS: Record<EmailField, string> = {
  quoteSubject: 'Email Quote Subject',
  quoteBody: 'Email Quote Body',
  orderSubject: 'Email Order Subject',
  orderBody: 'Email Order Body',
  emailForward: 'Forward Email',
};

const FIELDS: ReadonlyArray<{ field: EmailField; body?: boolean; hint?: string }> = [
  { field: 'quoteSubject' },
  { field: 'quoteBody', body: true },
  { field: 'orderSubject' },
  { field: 'orderBody', body: true },
  { field: 'emailForward', hint: 'Optional. Receives a blind copy of every quote and order e-mail.' },
];

const toForm = (c: StoredEmailConfig): EmailFormValues => ({
  quoteSubject: c.quoteSubject,
  quoteBody: c.quoteBody,
  orderSubject: c.orderSubject,
  orderBody: c.orderBody,
  emailForward: c.emailForward ?? '',
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
      intro="The subject and body used when a quote or order is e-mailed to a customer."
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
  const { id, values, set, errors, onSubmitParsed } = useLabelledForm(toForm(config), LABELS);

  // The same schema the server parses with (docs/conventions.md habit 1); the version guards against lost updates.
  const submit = onSubmitParsed(emailConfigSchema, () => ({ ...values, version: config.version }), onSubmit);

  return (
    <Form noValidate onSubmit={submit} aria-label="E-mail settings">
      <fieldset disabled={saving}>
        {FIELDS.map(({ field, body, hint }) => (
          <LabelledField
            key={field}
            id={`${id}-${field}`}
            label={LABELS[field]}
            value={values[field]}
            onChange={(value) => set(field, value)}
            error={errors[field]}
            hint={hint}
            {...(body
              ? { textarea: { rows: 5, cols: 50 } }
              : { type: field === 'emailForward' ? 'email' : 'text', autoComplete: 'off' })}
          />
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
        Use these in any subject or body. Each is replaced when a quote or order is e-mailed.
      </p>
      <dl className="row mb-3 gy-1">
        {Object.entries(EMAIL_PLACEHOLDERS).map(([name, meaning]) => (
          <Fragment key={name}>
            <dt className="col-5 fw-normal">
              <code>{`{${name}}`}</code>
            </dt>
            <dd className="col-7 mb-0">{capitalise(meaning)}</dd>
          </Fragment>
        ))}
      </dl>
      <p className="text-secondary mb-0">
        Example: <code>{'Quote {documentNumber} for {jobName}'}</code>
      </p>
    </aside>
  );
}
