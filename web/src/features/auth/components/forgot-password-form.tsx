import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '../../../components/ui/auth-card';
import { Button } from '../../../components/ui/button';
import { EmailField, emailError } from '../../../entities/email';
import { focusWhenShown } from '../../../lib/focus-when-shown';
import { usePageTitle } from '../../../lib/page-title';
import { useRequestPasswordReset } from '../api/email';
import { authLinkClass } from './about-link';

/**
 * "Forgot password?": one field, and then the server's answer, which is the same whether or not the
 * address has an account (decision 100). A refusal (the address's form, too many links asked for this
 * hour) is said at the field.
 */
export function ForgotPasswordForm() {
  usePageTitle('Forgot password');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const request = useRequestPasswordReset();
  const field = useRef<HTMLInputElement>(null);
  const sent = useRef<HTMLParagraphElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    const address = email.trim();
    const wrong = emailError(address);
    setError(wrong);
    if (wrong) return field.current?.focus();
    request.mutate(address, {
      // The form gives way to the answer: focus goes to it rather than to the page.
      onSuccess: () => focusWhenShown(() => sent.current),
      onError: (refusal) => {
        setError(refusal.message);
        field.current?.focus();
      },
    });
  };

  return (
    <AuthCard title="Forgot your password?">
      {request.isSuccess ? (
        <p
          ref={sent}
          tabIndex={-1}
          role="status"
          className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 focus:outline-none dark:bg-emerald-950/60 dark:text-emerald-200"
        >
          {request.data.message}
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            Enter the email address of your account: we will send it a link to choose a new password.
          </p>
          <EmailField
            ref={field}
            value={email}
            error={error}
            onChange={(value) => {
              setEmail(value);
              setError(undefined);
            }}
          />
          <Button type="submit" pending={request.isPending} className="w-full">
            Send me a link
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
        Remembered it?{' '}
        <Link to="/login" className={authLinkClass}>
          Back to log in
        </Link>
      </p>
    </AuthCard>
  );
}
