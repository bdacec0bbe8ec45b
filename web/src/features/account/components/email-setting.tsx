import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { EmailField, emailError, useResendConfirmation } from '../../../entities/email';
import { useAccountState, useChangeEmail } from '../api/account';
import { SharedGuestLock } from './shared-guest-lock';

type Errors = { newEmail?: string; password?: string };

/**
 * Settings → Email: the address, whether it is confirmed (with a new link if not), and a new address,
 * which the password confirms and which replaces the old one once the link sent to it is followed.
 * The shared guest sees why it cannot change it, as for its password.
 */
export function EmailSetting() {
  const account = useAccountState().data;
  const sharedGuest = account?.sharedGuest === true;
  const [form, setForm] = useState({ newEmail: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const change = useChangeEmail();
  const resend = useResendConfirmation();
  const emailField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);

  const edit = (key: keyof Errors, value: string) => {
    setForm((old) => ({ ...old, [key]: value }));
    setErrors((old) => ({ ...old, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const newEmail = form.newEmail.trim();
    const found: Errors = {
      newEmail: emailError(newEmail),
      password: form.password ? undefined : 'Enter your password.',
    };
    setErrors(found);
    change.reset();
    if (found.newEmail) return emailField.current?.focus();
    if (found.password) return passwordField.current?.focus();
    change.mutate(
      { newEmail, password: form.password },
      {
        onSuccess: () => setForm({ newEmail: '', password: '' }),
        // The server's refusal is about the password (not correct, too many tries) or the address.
        onError: (error) => {
          const aboutPassword = /password/i.test(error.message);
          setErrors(aboutPassword ? { password: error.message } : { newEmail: error.message });
          (aboutPassword ? passwordField : emailField).current?.focus();
        },
      },
    );
  };

  const confirmable =
    account && account.email && !account.emailConfirmed && account.emailConfirmation !== 'off';
  return (
    <section aria-labelledby="email-heading" className="flex flex-col gap-4">
      <h2 id="email-heading" className="text-base font-bold">
        Email address
      </h2>
      {account && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {account.email ? (
            <>
              <span className="font-semibold text-zinc-900 dark:text-zinc-100">{account.email}</span>
              {' · '}
              <span>{account.emailConfirmed ? 'Confirmed' : 'Not confirmed yet'}</span>
            </>
          ) : (
            'Your account has no email address: add one to be able to reset your password.'
          )}
        </p>
      )}
      {confirmable && (
        <div className="flex flex-col items-start gap-2">
          <Button
            variant="secondary"
            pending={resend.isPending}
            onClick={() => !resend.isPending && resend.mutate(account.email)}
          >
            Send the confirmation link again
          </Button>
          <p
            role={resend.isError ? 'alert' : 'status'}
            className={`text-sm empty:hidden ${resend.isError ? 'text-red-700 dark:text-red-400' : 'text-emerald-800 dark:text-emerald-300'}`}
          >
            {resend.isSuccess ? resend.data.message : (resend.error?.message ?? '')}
          </p>
        </div>
      )}
      <form onSubmit={submit} noValidate aria-label="Change email address" className="flex flex-col gap-4">
        <SharedGuestLock
          locked={sharedGuest}
          id="email-locked"
          why="The shared guest account cannot change its email address: everyone who uses Guest Login shares it. Sign up for an account of your own to use yours."
        >
          <EmailField
            ref={emailField}
            label="New email address"
            name="newEmail"
            hint="We send a link to it; your address changes once you open the link."
            value={form.newEmail}
            error={errors.newEmail}
            onChange={(value) => edit('newEmail', value)}
          />
          <TextField
            ref={passwordField}
            label="Your password"
            name="password"
            hint="To confirm that it is you."
            type="password"
            autoComplete="current-password"
            required
            value={form.password}
            error={errors.password}
            onChange={(event) => edit('password', event.target.value)}
          />
          <p role="status" className="text-sm text-emerald-800 empty:hidden dark:text-emerald-300">
            {change.isSuccess ? change.data.message : ''}
          </p>
          <div>
            <Button type="submit" pending={change.isPending}>
              Change email
            </Button>
          </div>
        </SharedGuestLock>
      </form>
    </section>
  );
}
