import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard, FormError } from '../../../components/ui/auth-card';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { usePageTitle } from '../../../lib/page-title';
import { clearSession, getSession } from '../../../lib/session';
import { usePasswordResetLink, useResetPassword } from '../api/email';
import { authLinkClass } from './about-link';
import { passwordError, passwordHint } from './signup-rules';

/** What the server answers a link that was used, has expired or was never sent. */
const linkRefused = 'This link was already used or has expired.';

/**
 * The page the reset link opens (`/reset-password?token=…`): the new password, by the sign-up's rule.
 * The reset ends every session, this browser's too, so on success the person logs in with it.
 */
export function ResetPasswordForm() {
  usePageTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [refusedAtSubmit, setLinkDead] = useState(false);
  const link = usePasswordResetLink(token);
  // Until the check answers (or if it cannot), the form is offered: the submission says the rest.
  const linkDead = !token || refusedAtSubmit || link.data?.usable === false;
  const reset = useResetPassword();
  const navigate = useNavigate();
  const field = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    const wrong = passwordError(password);
    setError(wrong);
    if (wrong) return field.current?.focus();
    reset.mutate(
      { token, newPassword: password },
      {
        onSuccess: () => {
          if (getSession()) clearSession();
          void navigate('/login', { replace: true, state: { reason: 'password-reset' } });
        },
        onError: (refusal) => {
          if (refusal.message === linkRefused) return setLinkDead(true);
          setError(refusal.message);
          field.current?.focus();
        },
      },
    );
  };

  if (linkDead)
    return (
      <AuthCard title="This link no longer works">
        <FormError message="This password reset link was already used, has expired (links work for an hour) or was not copied whole." />
        <p className="mt-4 text-center text-sm text-zinc-600 dark:text-zinc-400">
          <Link to="/forgot-password" className={authLinkClass}>
            Ask for a new link
          </Link>
        </p>
      </AuthCard>
    );
  return (
    <AuthCard title="Choose a new password">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          ref={field}
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={`${passwordHint} Every device signed in to your account is signed out.`}
          value={password}
          error={error}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" pending={reset.isPending} className="w-full">
          Set the new password
        </Button>
      </form>
    </AuthCard>
  );
}
