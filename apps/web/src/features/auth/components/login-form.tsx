import { useState, type FormEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useLogin } from '../api/login';

export interface LoginFormProps {
  /** Called once signed in and the roles are cached, with the username the server knows. */
  onSignedIn: (username: string) => void;
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useLogin();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signIn.isPending) return;
    signIn.mutate({ username, password }, { onSuccess: ({ session }) => onSignedIn(session.username) });
  }

  return (
    <Form onSubmit={handleSubmit} aria-label="Sign in">
      <Form.Group className="mb-3" controlId="login-username">
        <Form.Label>Username</Form.Label>
        <Form.Control
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          required
          maxLength={256}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
      </Form.Group>
      <Form.Group className="mb-4" controlId="login-password">
        <Form.Label>Password</Form.Label>
        <Form.Control
          type="password"
          name="password"
          autoComplete="current-password"
          required
          maxLength={1024}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Form.Group>
      <Button type="submit" variant="primary" className="w-100" disabled={signIn.isPending}>
        {signIn.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        Login
      </Button>
      {signIn.isError && (
        <p role="alert" className="login-error small text-danger text-center mt-3 mb-0">
          {signIn.error.message}
        </p>
      )}
    </Form>
  );
}
