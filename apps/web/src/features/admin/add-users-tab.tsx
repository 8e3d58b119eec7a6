import { PASSWORD_RULE_HINT, addUserBodySchema, type AddUserBody } from '@desk/domain';
import { Form } from 'react-bootstrap';
import { BusyButton } from '../../components/ui/busy-button';
import { useAddUser } from './api/add-user';
import { useLabelledForm } from './field-errors';
import { OutcomeBanner, useOutcomeAction } from './outcome-banner';
import { PasswordField } from './password-input';
import { UsernameField } from '../../components/ui/labelled-field';
import './admin.css';

const LABELS: Record<'username' | 'password' | 'admin' | 'yard', string> = {
  username: 'New Username',
  password: 'New User Password',
  admin: 'Administrator',
  yard: 'Yard',
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
  const { id, values, set, textField, onSubmitParsed } = useLabelledForm<{
    username: string;
    password: string;
    admin: boolean;
    yard: boolean;
  }>({ username: '', password: '', admin: false, yard: false }, LABELS);

  return (
    <Form noValidate onSubmit={onSubmitParsed(addUserBodySchema, () => values, onSubmit)} aria-label="Add user">
      <fieldset disabled={busy}>
        <UsernameField
          {...textField('username')}
          label="New Username"
          autoComplete="off"
          hint="3 to 64 letters, digits or . _ @ -"
        />
        <PasswordField
          {...textField('password')}
          label="New User Password"
          autoComplete="new-password"
          hint={PASSWORD_RULE_HINT}
        />
        <Form.Group controlId={`${id}-admin`} className="mb-3">
          <Form.Check
            type="checkbox"
            label="Administrator"
            checked={values.admin}
            onChange={(e) => {
              set('admin', e.target.checked);
              if (e.target.checked) set('yard', false);
            }}
            aria-describedby={`${id}-admin-hint`}
          />
          <Form.Text id={`${id}-admin-hint`} className="d-block">
            Administrators also manage products, e-mail settings and users.
          </Form.Text>
        </Form.Group>
        <Form.Group controlId={`${id}-yard`} className="mb-3">
          <Form.Check
            type="checkbox"
            label="Yard (the Loaders only)"
            checked={values.yard}
            disabled={values.admin}
            onChange={(e) => set('yard', e.target.checked)}
            aria-describedby={`${id}-yard-hint`}
          />
          <Form.Text id={`${id}-yard-hint`} className="d-block">
            A yard sign-in opens the bays, the Grid Manager and the scan, and nothing else. Roles can be changed later
            under Users List.
          </Form.Text>
        </Form.Group>
      </fieldset>
      <BusyButton type="submit" variant="primary" busy={busy}>
        Add User
      </BusyButton>
    </Form>
  );
}
