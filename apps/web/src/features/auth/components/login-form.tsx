import { useRef, useState, type FormEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { errorText } from '../../../components/ui/result-banner';
import { isMfaRequired, useLogin, type LoginInput } from '../api/login';

export interface LoginFormProps {
  /** Called once signed in and the roles are cached, with the username the server knows. */
  onSignedIn: (username: string) => void;
}

export const CODE_HINT = 'The 6 digits from your authenticator app, or one of your recovery codes';

/**
 * Sign-in in one or two steps: username and password, then, for an account with two-factor
 * sign-in on, the authenticator code (the server asks for it with 401 { mfaRequired: true }).
 * The code step keeps the username and password and sends them again with the code.
 */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [code, setCode] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const signIn = useLogin();

  function send(input: LoginInput, onFailed: (error: unknown) => void) {
    signIn.mutate(input, { onSuccess: ({ session }) => onSignedIn(session.username), onError: onFailed });
  }

  function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signIn.isPending) return;
    setPasswordError(null);
    send({ username, password }, (error) => {
      if (isMfaRequired(error)) {
        setCode('');
        setCodeError(null);
        setStep('code');
      } else {
        setPasswordError(errorText(error));
      }
    });
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signIn.isPending) return;
    if (code.trim() === '') {
      setCodeError('Enter the code from your authenticator app.');
      codeRef.current?.focus();
      return;
    }
    setCodeError(null);
    send({ username, password, totp: code }, (error) => {
      setCodeError(errorText(error));
      // Ready for the next try: the wrong code selected, so typing replaces it.
      codeRef.current?.focus();
      codeRef.current?.select();
    });
  }

  function backToPassword() {
    setStep('password');
    setPassword('');
    setCode('');
    setCodeError(null);
    setPasswordError(null);
    // After the step re-renders, the password is what is typed next.
    setTimeout(() => passwordRef.current?.focus(), 0);
  }

  const busy = signIn.isPending;
  const spinner = busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />;

  if (step === 'code') {
    return (
      // Its own key: a fresh form whose code field mounts (and takes the focus), not a reused one.
      <Form key="code" onSubmit={submitCode} aria-label="Sign in" noValidate>
        <p className="small mb-3">
          Two-factor sign-in is on for <strong>{username.trim()}</strong>. Open your authenticator app.
        </p>
        <Form.Group className="mb-4" controlId="login-code">
          <Form.Label>Authentication code</Form.Label>
          <Form.Control
            ref={codeRef}
            name="totp"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            required
            maxLength={32}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              if (codeError !== null) setCodeError(null);
            }}
            isInvalid={codeError !== null}
            aria-invalid={codeError !== null || undefined}
            aria-describedby={codeError !== null ? 'login-code-error login-code-hint' : 'login-code-hint'}
          />
          {codeError !== null && (
            <Form.Control.Feedback type="invalid" id="login-code-error" role="alert">
              {codeError}
            </Form.Control.Feedback>
          )}
          <Form.Text id="login-code-hint" className="d-block">
            {CODE_HINT}
          </Form.Text>
        </Form.Group>
        <div className="d-flex gap-2">
          <Button variant="outline-secondary" onClick={backToPassword} disabled={busy}>
            Back
          </Button>
          <Button type="submit" variant="primary" className="flex-grow-1" disabled={busy}>
            {spinner}
            Verify
          </Button>
        </div>
      </Form>
    );
  }

  return (
    <Form key="password" onSubmit={submitPassword} aria-label="Sign in">
      <Form.Group className="mb-3" controlId="login-username">
        <Form.Label>Username</Form.Label>
        <Form.Control
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus={password === '' && username === ''}
          required
          maxLength={256}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
      </Form.Group>
      <Form.Group className="mb-4" controlId="login-password">
        <Form.Label>Password</Form.Label>
        <Form.Control
          ref={passwordRef}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          maxLength={1024}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Form.Group>
      <Button type="submit" variant="primary" className="w-100" disabled={busy}>
        {spinner}
        Login
      </Button>
      {passwordError !== null && (
        <p role="alert" className="login-error small text-danger text-center mt-3 mb-0">
          {passwordError}
        </p>
      )}
    </Form>
  );
}
