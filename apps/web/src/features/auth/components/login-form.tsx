import { useRef, useState, type FormEvent } from 'react';
import { errorText } from '../../../lib/api-client';
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
  const spinner = busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />;

  if (step === 'code') {
    return (
      // Its own key: a fresh form whose code field mounts (and takes the focus), not a reused one.
      <form key="code" onSubmit={submitCode} aria-label="Sign in" noValidate>
        <p className="small mb-3">
          Two-factor sign-in is on for <strong>{username.trim()}</strong>. Open your authenticator app.
        </p>
        <div className="mb-4">
          <label className="form-label" htmlFor="login-code">
            Authentication code
          </label>
          <input
            ref={codeRef}
            id="login-code"
            className={`form-control${codeError !== null ? ' is-invalid' : ''}`}
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
            aria-invalid={codeError !== null || undefined}
            aria-describedby={codeError !== null ? 'login-code-error login-code-hint' : 'login-code-hint'}
          />
          {codeError !== null && (
            <div className="invalid-feedback" id="login-code-error" role="alert">
              {codeError}
            </div>
          )}
          <small id="login-code-hint" className="form-text d-block">
            {CODE_HINT}
          </small>
        </div>
        <div className="d-flex gap-2">
          <button type="button" className="btn btn-outline-secondary" onClick={backToPassword} disabled={busy}>
            Back
          </button>
          <button type="submit" className="btn btn-primary flex-grow-1" disabled={busy}>
            {spinner}
            Verify
          </button>
        </div>
      </form>
    );
  }

  return (
    <form key="password" onSubmit={submitPassword} aria-label="Sign in">
      <div className="mb-3">
        <label className="form-label" htmlFor="login-username">
          Username
        </label>
        <input
          id="login-username"
          className="form-control"
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
      </div>
      <div className="mb-4">
        <label className="form-label" htmlFor="login-password">
          Password
        </label>
        <input
          ref={passwordRef}
          id="login-password"
          className="form-control"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          maxLength={1024}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary w-100" disabled={busy}>
        {spinner}
        Login
      </button>
      {passwordError !== null && (
        <p role="alert" className="login-error small text-danger text-center mt-3 mb-0">
          {passwordError}
        </p>
      )}
    </form>
  );
}
