import { PASSWORD_RULE_HINT, modifyCredentialsBodySchema, type ModifyCredentialsBody } from '@desk/domain';
import { useId, useState, type FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import { BusyButton } from '../../components/ui/busy-button';
import { useSession } from '../auth/api/get-session';
import { useModifyCredentials } from './api/modify-credentials';
import { labelledErrors, useFieldErrors } from './field-errors';
import { OutcomeBanner, useOutcomeAction } from './outcome-banner';
import { PasswordField } from './password-input';
import './admin.css';

const LABELS: Record<keyof ModifyCredentialsBody, string> = {
  username: 'Username',
  oldPassword: 'Old Password',
  password: 'New Password',
};

/** Password change (docs/product.md section 2, "Admin home" 3). */
export function ModifyPasswordTab() {
  const signedInName = useSession().data?.username ?? '';
  const modify = useModifyCredentials();
  const { outcome, clear, formKey, run } = useOutcomeAction(LABELS);
  const change = (body: ModifyCredentialsBody) => run(() => modify.mutateAsync(body));

  return (
    <div className="admin-form">
      <p className="text-secondary small">
        The old password is always needed. Changing it signs that account out of every other browser.
      </p>
      <OutcomeBanner outcome={outcome} failureTitle="The password was not changed" onClose={clear} />
      <PasswordForm
        // The session may arrive after the tab opens; the username field then starts from it.
        key={`${formKey}:${signedInName}`}
        initialUsername={signedInName}
        busy={modify.isPending}
        onSubmit={(body) => void change(body)}
      />
    </div>
  );
}

interface PasswordFormProps {
  initialUsername: string;
  busy: boolean;
  onSubmit: (body: ModifyCredentialsBody) => void;
}

function PasswordForm({ initialUsername, busy, onSubmit }: PasswordFormProps) {
  const id = useId();
  const [username, setUsername] = useState(initialUsername);
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const { errors, setErrors, clearError, reject } = useFieldErrors<keyof ModifyCredentialsBody>(id);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = modifyCredentialsBodySchema.safeParse({ username, oldPassword, password });
    if (!parsed.success) {
      reject(labelledErrors(parsed.error.issues, LABELS), ['username', 'oldPassword', 'password']);
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  return (
    <Form noValidate onSubmit={submit} aria-label="Modify password">
      <fieldset disabled={busy}>
        <Form.Group controlId={`${id}-username`} className="mb-3">
          <Form.Label className="mb-1">Username</Form.Label>
          <Form.Control
            value={username}
            onChange={(e) => {
              setUsername(e.target.value);
              clearError('username');
            }}
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            isInvalid={errors.username !== undefined}
            aria-invalid={errors.username !== undefined || undefined}
            aria-describedby={errors.username !== undefined ? `${id}-username-error` : undefined}
          />
          <Form.Control.Feedback type="invalid" id={`${id}-username-error`}>
            {errors.username}
          </Form.Control.Feedback>
        </Form.Group>
        <PasswordField
          id={`${id}-oldPassword`}
          label="Old Password"
          value={oldPassword}
          onChange={(v) => {
            setOldPassword(v);
            clearError('oldPassword');
          }}
          autoComplete="current-password"
          error={errors.oldPassword}
        />
        <PasswordField
          id={`${id}-password`}
          label="New Password"
          value={password}
          onChange={(v) => {
            setPassword(v);
            clearError('password');
          }}
          autoComplete="new-password"
          error={errors.password}
          hint={PASSWORD_RULE_HINT}
        />
      </fieldset>
      <BusyButton type="submit" variant="primary" busy={busy}>
        Change Password
      </BusyButton>
    </Form>
  );
}
