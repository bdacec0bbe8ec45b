import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { EmailField, emailError, useResendConfirmation } from '../../../entities/email';

/**
 * "Send the link again" for an address waiting to be confirmed: the address is asked for unless the
 * page knows it (just signed up with it). The answer is the same whether or not an account has it.
 */
export function ResendConfirmation({ email, intro }: { email?: string; intro?: string }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const resend = useResendConfirmation();
  const field = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (resend.isPending) return;
    const address = (email ?? typed).trim();
    const wrong = emailError(address);
    setError(wrong);
    if (wrong) return field.current?.focus();
    resend.mutate(address, {
      // A refusal (the address's form, too many links asked for) is about the address.
      onError: (refusal) => {
        setError(refusal.message);
        field.current?.focus();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      {intro && <p className="text-sm text-zinc-700 dark:text-zinc-300">{intro}</p>}
      {email === undefined && (
        <EmailField
          ref={field}
          value={typed}
          error={error}
          onChange={(value) => {
            setTyped(value);
            setError(undefined);
          }}
        />
      )}
      {email !== undefined && error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <p role="status" className="text-sm text-emerald-800 empty:hidden dark:text-emerald-300">
        {resend.isSuccess ? resend.data.message : ''}
      </p>
      <Button type="submit" variant="secondary" pending={resend.isPending} className="w-full">
        Send the link again
      </Button>
    </form>
  );
}
