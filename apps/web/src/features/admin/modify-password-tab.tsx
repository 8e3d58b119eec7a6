import { PASSWORD_RULE_HINT, modifyCredentialsBodySchema, type ModifyCredentialsBody } from '@desk/domain';
import { Form } from 'react-bootstrap';
import { BusyButton } from '../../components/ui/busy-button';
import { useSession } from '../auth/api/get-session';
import { useModifyCredentials } from './api/modify-credentials';
import { useLabelledForm } from './field-errors';
import { OutcomeBanner, useOutcomeAction } from './outcome-banner';
import { PasswordField } from './password-input';
import { UsernameField } from '../../components/ui/labelled-field';
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
  const { values, textField, onSubmitParsed } = useLabelledForm(
    { username: initialUsername, oldPassword: '', password: '' },
    LABELS,
  );

  return (
    <Form
      noValidate
      onSubmit={onSubmitParsed(modifyCredentialsBodySchema, () => values, onSubmit)}
      aria-label="Modify password"
    >
      <fieldset disabled={busy}>
        <UsernameField {...textField('username')} label="Username" autoComplete="username" />
        <PasswordField {...textField('oldPassword')} label="Old Password" autoComplete="current-password" />
        <PasswordField
          {...textField('password')}
          label="New Password"
          autoComplete="new-password"
          hint={PASSWORD_RULE_HINT}
        />
      </fieldset>
      <BusyButton type="submit" variant="primary" busy={busy}>
        Change Password
      </BusyButton>
    </Form>
  );
}
