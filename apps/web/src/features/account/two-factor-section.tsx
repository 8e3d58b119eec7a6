import type { MfaSetup } from '@desk/domain';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Badge, Button, Form, InputGroup, Spinner } from 'react-bootstrap';
import { Banner } from '../../components/ui/banner';
import { SubmitOrCancel } from '../../components/ui/busy-button';
import { errorText } from '../../components/ui/result-banner';
import { useToast } from '../../components/ui/toaster';
import { PasswordField } from '../admin/password-input';
import { useSession } from '../auth/api/get-session';
import { useDisableMfa } from './api/disable-mfa';
import { useEnableMfa } from './api/enable-mfa';
import { useMfaStatus } from './api/get-mfa-status';
import { useSetupMfa } from './api/setup-mfa';
import { groupedKey, messageFor } from './field-message';

export const QR_ALT = 'QR code for your authenticator app';

type Mode =
  { kind: 'status' } | { kind: 'setup'; setup: MfaSetup } | { kind: 'codes'; codes: string[] } | { kind: 'disable' };

const dateText = (iso: string) => new Date(iso).toLocaleDateString();

/** Copies text to the clipboard; false where the browser allows none (an http page, an old browser). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Two-factor sign-in for the signed-in user: its state, enrolment (QR code or the key by hand,
 * confirmed with a code), the ten recovery codes shown once, and turning it off (password and a
 * code). docs/decisions/013-two-factor-sessions-events.md.
 */
export function TwoFactorSection() {
  const status = useMfaStatus();
  const setup = useSetupMfa();
  const toast = useToast();
  const [mode, setMode] = useState<Mode>({ kind: 'status' });

  const startSetup = () =>
    setup.mutate(undefined, {
      onSuccess: (answer) => setMode({ kind: 'setup', setup: answer }),
      onError: (e) => {
        toast.error('Set-up could not start', e);
        // E.g. it was turned on in another tab meanwhile.
        void status.refetch();
      },
    });

  return (
    <section aria-labelledby="two-factor-heading" className="mb-4">
      <h2 id="two-factor-heading" className="fs-5">
        Two-factor sign-in
      </h2>
      {status.isError && (
        <Banner variant="danger" title="The two-factor state could not be loaded">
          <small>{errorText(status.error)}</small>
        </Banner>
      )}
      {status.isPending && status.fetchStatus !== 'idle' && (
        <div role="status" className="d-flex align-items-center gap-2 text-secondary">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          Loading...
        </div>
      )}

      {mode.kind === 'setup' && (
        <SetupPanel
          setup={mode.setup}
          onEnabled={(codes) => setMode({ kind: 'codes', codes })}
          onCancel={() => setMode({ kind: 'status' })}
        />
      )}
      {mode.kind === 'codes' && <RecoveryCodes codes={mode.codes} onDone={() => setMode({ kind: 'status' })} />}
      {mode.kind === 'disable' && (
        <DisablePanel onDone={() => setMode({ kind: 'status' })} onCancel={() => setMode({ kind: 'status' })} />
      )}

      {mode.kind === 'status' && status.data && (
        <div className="d-flex flex-wrap align-items-center gap-3">
          {status.data.enabled ? (
            <p className="mb-0">
              <Badge bg="success" className="me-2">
                On
              </Badge>
              {status.data.enabledAt ? `On since ${dateText(status.data.enabledAt)}. ` : ''}
              <span className={status.data.recoveryCodesLeft <= 2 ? 'text-danger fw-semibold' : undefined}>
                {status.data.recoveryCodesLeft} recovery code{status.data.recoveryCodesLeft === 1 ? '' : 's'} left.
              </span>
              {status.data.recoveryCodesLeft <= 2 && (
                <span className="d-block small text-body-secondary">
                  For ten new ones, turn two-factor sign-in off and on again.
                </span>
              )}
            </p>
          ) : (
            <p className="mb-0">
              <Badge bg="secondary" className="me-2">
                Off
              </Badge>
              Signing in asks for your password only. Turn it on to also ask for a code from an authenticator app on
              your phone.
            </p>
          )}
          {status.data.enabled ? (
            <Button variant="outline-danger" size="sm" onClick={() => setMode({ kind: 'disable' })}>
              Turn off
            </Button>
          ) : (
            <Button variant="primary" size="sm" onClick={startSetup} disabled={setup.isPending}>
              {setup.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              Set up
            </Button>
          )}
        </div>
      )}
    </section>
  );
}

function SetupPanel({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: MfaSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const enable = useEnableMfa();
  const toast = useToast();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const copyKey = async () => {
    if (await copyText(setup.secret)) toast.success('Key copied');
    else toast.error('Copying is not possible here', 'Select the key and copy it by hand.');
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (enable.isPending) return;
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) {
      setError('Enter the 6 digits your app shows for this account.');
      codeRef.current?.focus();
      return;
    }
    setError(null);
    enable.mutate(code.replace(/\s+/g, ''), {
      onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
      onError: (e) => {
        const message = errorText(e);
        const forField = messageFor('code', message);
        if (forField) {
          setError(forField);
          codeRef.current?.focus();
          codeRef.current?.select();
        } else {
          toast.error('Two-factor sign-in was not turned on', message);
        }
      },
    });
  };

  return (
    <div className="border rounded p-3 mb-2">
      <div className="d-flex flex-wrap gap-4">
        <img src={setup.qrDataUrl} alt={QR_ALT} width={184} height={184} className="border rounded bg-white p-1" />
        <div className="flex-grow-1" style={{ minWidth: '16rem', maxWidth: '32rem' }}>
          <ol className="small ps-3 mb-3">
            <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 2FAS...).</li>
            <li>Scan the QR code, or add an account by hand with the key below.</li>
            <li>Enter the 6-digit code the app then shows.</li>
          </ol>
          <Form.Group controlId={`${id}-key`} className="mb-3">
            <Form.Label className="mb-1">Key to type by hand</Form.Label>
            <InputGroup>
              <Form.Control
                readOnly
                value={groupedKey(setup.secret)}
                className="font-monospace"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button variant="outline-secondary" onClick={() => void copyKey()}>
                Copy
              </Button>
            </InputGroup>
            <Form.Text className="d-block">Time-based, 6 digits, every 30 seconds.</Form.Text>
          </Form.Group>
          <Form noValidate onSubmit={submit} aria-label="Confirm two-factor sign-in">
            <Form.Group controlId={`${id}-code`} className="mb-3">
              <Form.Label className="mb-1">Code from the app</Form.Label>
              <Form.Control
                ref={codeRef}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                style={{ maxWidth: '10rem' }}
                value={code}
                onChange={(e) => {
                  setCode(e.target.value);
                  if (error !== null) setError(null);
                }}
                isInvalid={error !== null}
                aria-invalid={error !== null || undefined}
                aria-describedby={error !== null ? `${id}-code-error` : undefined}
              />
              {error !== null && (
                <Form.Control.Feedback type="invalid" id={`${id}-code-error`} role="alert">
                  {error}
                </Form.Control.Feedback>
              )}
            </Form.Group>
            <SubmitOrCancel label="Turn on" variant="primary" busy={enable.isPending} onCancel={onCancel} />
          </Form>
        </div>
      </div>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const toast = useToast();
  const username = useSession().data?.username ?? 'account';
  const headingRef = useRef<HTMLHeadingElement>(null);
  const text = `Recovery codes for ${username}. Each signs in once, instead of a code from the app.\n\n${codes.join('\n')}\n`;

  // Said at once to a screen reader user, and in view for everyone.
  useEffect(() => headingRef.current?.focus(), []);

  const copy = async () => {
    if (await copyText(codes.join('\n'))) toast.success('Recovery codes copied');
    else toast.error('Copying is not possible here', 'Download them as text, or write them down.');
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `recovery-codes-${username}.txt`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };

  return (
    <div className="border border-success rounded p-3 mb-2">
      <h3 ref={headingRef} tabIndex={-1} className="fs-6 fw-semibold">
        Two-factor sign-in is on. Save your recovery codes now.
      </h3>
      <p className="small mb-2">
        If you lose your phone, each of these codes signs you in once instead of a code from the app. They are shown
        only this once: keep them somewhere safe, away from your password.
      </p>
      <ul aria-label="Recovery codes" className="recovery-codes list-unstyled font-monospace mb-3">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="outline-secondary" size="sm" onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="outline-secondary" size="sm" onClick={download}>
          Download as text
        </Button>
        <Button variant="primary" size="sm" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}

function DisablePanel({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const id = useId();
  const disable = useDisableMfa();
  const toast = useToast();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (disable.isPending) return;
    const found: { password?: string; code?: string } = {};
    if (password === '') found.password = 'Enter your password.';
    if (code.trim() === '') found.code = 'Enter a code from your app, or a recovery code.';
    setErrors(found);
    if (found.password || found.code) {
      document.getElementById(found.password ? `${id}-password` : `${id}-code`)?.focus();
      return;
    }
    disable.mutate(
      { password, code },
      {
        onSuccess: () => {
          toast.success('Two-factor sign-in is off');
          onDone();
        },
        onError: (e) => {
          const message = errorText(e);
          const forPassword = messageFor('password', message);
          const forCode = messageFor('code', message);
          if (forPassword || forCode) {
            setErrors(forPassword ? { password: forPassword } : { code: forCode! });
            document.getElementById(forPassword ? `${id}-password` : `${id}-code`)?.focus();
          } else {
            toast.error('Two-factor sign-in was not turned off', message);
          }
        },
      },
    );
  };

  return (
    <Form noValidate onSubmit={submit} aria-label="Turn off two-factor sign-in" className="border rounded p-3 mb-2">
      <p className="small">To turn two-factor sign-in off, confirm it is you: your password and a current code.</p>
      <fieldset disabled={disable.isPending} style={{ maxWidth: '24rem' }}>
        <PasswordField
          id={`${id}-password`}
          label="Password"
          value={password}
          onChange={(v) => {
            setPassword(v);
            if (errors.password) setErrors(({ password: _dropped, ...rest }) => rest);
          }}
          autoComplete="current-password"
          error={errors.password}
        />
        <Form.Group controlId={`${id}-code`} className="mb-3">
          <Form.Label className="mb-1">Authentication code</Form.Label>
          <Form.Control
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={32}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              if (errors.code) setErrors(({ code: _dropped, ...rest }) => rest);
            }}
            isInvalid={errors.code !== undefined}
            aria-invalid={errors.code !== undefined || undefined}
            aria-describedby={errors.code !== undefined ? `${id}-code-error ${id}-code-hint` : `${id}-code-hint`}
          />
          {errors.code !== undefined && (
            <Form.Control.Feedback type="invalid" id={`${id}-code-error`} role="alert">
              {errors.code}
            </Form.Control.Feedback>
          )}
          <Form.Text id={`${id}-code-hint`} className="d-block">
            The 6 digits from your authenticator app, or one of your recovery codes
          </Form.Text>
        </Form.Group>
      </fieldset>
      <SubmitOrCancel label="Turn off" variant="danger" busy={disable.isPending} onCancel={onCancel} />
    </Form>
  );
}
