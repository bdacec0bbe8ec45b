import type { LoginBody } from '@sync/contract';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useFieldErrors } from '../../../lib/field-errors';
import { usePageTitle } from '../../../lib/page-title';
import { GUEST, useLogin } from '../api/auth';
import { AuthCard, FormError, FormNotice } from '../../../components/ui/auth-card';
import { AboutLink, authLinkClass } from './about-link';
import { ResendConfirmation } from './resend-confirmation';

type Notice = { reason?: 'expired' | 'account-deleted' | 'password-reset' } | null;

const notices = {
  expired: 'Your session has expired — log in again. What you were typing is kept.',
  'account-deleted': 'Your account has been deleted.',
  'password-reset': 'Your password has been changed: log in with the new one.',
};

/** Login's refusal of an account whose address is not yet confirmed (the instance requires it). */
const unconfirmed = (error: Error | null) =>
  error instanceof ApiError && error.status === 403 && /confirm your email address/i.test(error.message);

/**
 * After signing in, the visitor guard (in the router) takes the user back to where they were; a page
 * that shows the form in place of itself (an app's consent page) goes on where it is, saying why in
 * `intro`.
 */
export function LoginForm({ intro }: { intro?: string }) {
  usePageTitle('Log in');
  const [form, setForm] = useState({ username: '', password: '' });
  const { errors, check, refuse, changed } = useFieldErrors<keyof LoginBody>();
  const login = useLogin();
  const location = useLocation();
  const reason = (location.state as Notice)?.reason;
  const usernameField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  const focus = (field: keyof LoginBody) =>
    (field === 'username' ? usernameField : passwordField).current?.focus();

  const signIn = (body: LoginBody) => {
    if (login.isPending) return;
    login.mutate(body, {
      // A refusal about a field (no such username, a wrong password) is said there, which takes focus.
      onError: (error) => {
        const field = error instanceof ApiError ? error.field : undefined;
        refuse(error, field);
        if (field) focus(field);
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      username: form.username.trim() ? undefined : 'Enter your user name.',
      password: form.password ? undefined : 'Enter your password.',
    };
    if (check(found)) return signIn(form);
    focus(found.username ? 'username' : 'password');
  };

  const edit = (key: keyof LoginBody) => (event: { target: { value: string } }) => {
    setForm((old) => ({ ...old, [key]: event.target.value }));
    changed(key);
  };
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
          error={errors.username}
          onChange={edit('username')}
        />
        <TextField
          ref={passwordField}
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={form.password}
          error={errors.password}
          onChange={edit('password')}
        />
        <FormError message={errors.form} />
        <Button type="submit" pending={login.isPending} className="mt-2 w-full">
          Log in
        </Button>
        <p className="-mt-1 text-center text-sm">
          <Link to="/forgot-password" className={authLinkClass}>
            Forgot password?
          </Link>
        </p>
        <Button
          variant="secondary"
          pending={login.isPending}
          className="w-full"
          onClick={() => signIn(GUEST)}
        >
          Guest Login
        </Button>
      </form>
      {unconfirmed(login.error) && (
        <div className="mt-4">
          <ResendConfirmation intro="No message? Enter your email address to get a new link." />
        </div>
      )}
      <p className="mt-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
        New here?{' '}
        <Link
          to="/signup"
          // Joining from a page that is not /login comes back to that page (the visitor guard reads `from`).
          state={location.state ?? { from: location }}
          className={authLinkClass}
        >
          join Sync
        </Link>
      </p>
      <AboutLink />
    </AuthCard>
  );
}
