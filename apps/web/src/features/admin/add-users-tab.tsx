import { PASSWORD_RULE_HINT, addUserBodySchema, type AddUserBody } from '@desk/domain';
import { useId, useState, type FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import { BusyButton } from '../../components/ui/busy-button';
import { useAddUser } from './api/add-user';
import { labelledErrors, useFieldErrors } from './field-errors';
import { OutcomeBanner, useOutcomeAction } from './outcome-banner';
import { PasswordField } from './password-input';
import './admin.css';

const LABELS: Record<'username' | 'password' | 'admin', string> = {
  username: 'New Username',
  password: 'New User Password',
  admin: 'Administrator',
};

/** New user accounts (docs/product.md section 2, "Admin home" 4). */
export function AddUsersTab() {
  const add = useAddUser();
  const { outcome, clear, formKey, run } = useOutcomeAction(LABELS);
  const addUser = (body: AddUserBody) => run(async () => (await add.mutateAsync(body)).message);

  return (
    <div className="admin-form">
      <p className="text-secondary small">
        A new account can sign in at once with this password and change it under Modify Password.
      </p>
      <OutcomeBanner outcome={outcome} failureTitle="The user was not added" onClose={clear} />
      <AddUserForm key={formKey} busy={add.isPending} onSubmit={(body) => void addUser(body)} />
    </div>
  );
}

interface AddUserFormProps {
  busy: boolean;
  onSubmit: (body: AddUserBody) => void;
}

function AddUserForm({ busy, onSubmit }: AddUserFormProps) {
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [admin, setAdmin] = useState(false);
  const { errors, setErrors, clearError, reject } = useFieldErrors<'username' | 'password'>(id);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = addUserBodySchema.safeParse({ username, password, admin });
    if (!parsed.success) {
      reject(labelledErrors(parsed.error.issues, LABELS), ['username', 'password']);
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  return (
    <Form noValidate onSubmit={submit} aria-label="Add user">
      <fieldset disabled={busy}>
        <Form.Group controlId={`${id}-username`} className="mb-3">
          <Form.Label className="mb-1">New Username</Form.Label>
          <Form.Control
            value={username}
            onChange={(e) => {
              setUsername(e.target.value);
              clearError('username');
            }}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            isInvalid={errors.username !== undefined}
            aria-invalid={errors.username !== undefined || undefined}
            aria-describedby={
              errors.username !== undefined ? `${id}-username-error ${id}-username-hint` : `${id}-username-hint`
            }
          />
          <Form.Control.Feedback type="invalid" id={`${id}-username-error`}>
            {errors.username}
          </Form.Control.Feedback>
          <Form.Text id={`${id}-username-hint`} className="d-block">
            3 to 64 letters, digits or . _ @ -
          </Form.Text>
        </Form.Group>
        <PasswordField
          id={`${id}-password`}
          label="New User Password"
          value={password}
          onChange={(v) => {
            setPassword(v);
            clearError('password');
          }}
          autoComplete="new-password"
          error={errors.password}
          hint={PASSWORD_RULE_HINT}
        />
        <Form.Group controlId={`${id}-admin`} className="mb-3">
          <Form.Check
            type="checkbox"
            label="Administrator"
            checked={admin}
            onChange={(e) => setAdmin(e.target.checked)}
            aria-describedby={`${id}-admin-hint`}
          />
          <Form.Text id={`${id}-admin-hint`} className="d-block">
            Administrators also manage products, e-mail settings and users.
          </Form.Text>
        </Form.Group>
      </fieldset>
      <BusyButton type="submit" variant="primary" busy={busy}>
        Add User
      </BusyButton>
    </Form>
  );
}
