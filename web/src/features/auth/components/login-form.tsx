import type { LoginBody } from '@sync/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { usePageTitle } from '../../../lib/page-title';
import { GUEST, useLogin } from '../api/auth';
import { AuthCard, FormError, FormNotice } from '../../../components/ui/auth-card';
import { AboutLink } from './about-link';

type Notice = { reason?: 'expired' | 'account-deleted' } | null;

const notices = {
  expired: 'Your session has expired — log in again. What you were typing is kept.',
  'account-deleted': 'Your account has been deleted.',
};

/**
 * After signing in, the visitor guard (in the router) takes the user back to where they were; a page
 * that shows the form in place of itself (an app's consent page) goes on where it is, saying why in
 * `intro`.
 */
export function LoginForm({ intro }: { intro?: string }) {
  usePageTitle('Log in');
  const [form, setForm] = useState({ username: '', password: '' });
  const [missing, setMissing] = useState<Partial<Record<keyof LoginBody, string>>>({});
  const login = useLogin();
  const location = useLocation();
  const reason = (location.state as Notice)?.reason;
  const errorId = useId();
  const usernameField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);

  const signIn = (body: LoginBody) => {
    if (login.isPending) return;
    login.mutate(body);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = {
      username: form.username.trim() ? undefined : 'Enter your user name.',
      password: form.password ? undefined : 'Enter your password.',
    };
    setMissing(errors);
    if (errors.username) return usernameField.current?.focus();
    if (errors.password) return passwordField.current?.focus();
    signIn(form);
  };

  const serverError = login.error?.message;
  return (
    <AuthCard title="Log in to Sync">
      {intro && <p className="mb-4 text-center text-sm text-zinc-700 dark:text-zinc-300">{intro}</p>}
      {reason && <FormNotice>{notices[reason]}</FormNotice>}
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          ref={usernameField}
          label="User Name"
          name="username"
          autoComplete="username"
          required
          value={form.username}
          error={missing.username}
          describedBy={serverError ? errorId : undefined}
          onChange={(event) => setForm({ ...form, username: event.target.value })}
        />
        <TextField
          ref={passwordField}
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={form.password}
          error={missing.password}
          describedBy={serverError ? errorId : undefined}
          onChange={(event) => setForm({ ...form, password: event.target.value })}
        />
        <FormError id={errorId} message={serverError} />
        <Button type="submit" pending={login.isPending} className="mt-2 w-full">
          Log in
        </Button>
        <Button
          variant="secondary"
          pending={login.isPending}
          className="w-full"
          onClick={() => signIn(GUEST)}
        >
          Guest Login
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
        New here?{' '}
        <Link
          to="/signup"
          // Joining from a page that is not /login comes back to that page (the visitor guard reads `from`).
          state={location.state ?? { from: location }}
          className="font-semibold text-teal-700 hover:underline focus-ring dark:text-teal-400"
        >
          join Sync
        </Link>
      </p>
      <AboutLink />
    </AuthCard>
  );
}
