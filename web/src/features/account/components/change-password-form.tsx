import { Limits } from '@sync/contract';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { useFieldErrors } from '../../../lib/field-errors';
import { useAccountState, useChangePassword } from '../api/account';
import { SharedGuestLock } from './shared-guest-lock';

type Field = 'currentPassword' | 'newPassword';

/** `onChanged`: what else the screen shows that a new password changes (it ends every app's access). */
export function ChangePasswordForm({ onChanged }: { onChanged?: () => void }) {
  const [form, setForm] = useState({ currentPassword: '', newPassword: '' });
  const { errors, check, refuse, changed } = useFieldErrors<Field>();
  const [done, setDone] = useState(false);
  const change = useChangePassword();
  const sharedGuest = useAccountState().data?.sharedGuest === true;
  const currentField = useRef<HTMLInputElement>(null);
  const newField = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const found = {
      currentPassword: form.currentPassword ? undefined : 'Enter your current password.',
      newPassword:
        form.newPassword.length < Limits.passwordMin
          ? `The new password must be at least ${Limits.passwordMin} characters long.`
          : form.newPassword.length > Limits.passwordMax
            ? `The new password must be at most ${Limits.passwordMax} characters long.`
            : undefined,
    };
    setDone(false);
    if (!check(found)) return (found.currentPassword ? currentField : newField).current?.focus();
    change.mutate(form, {
      onSuccess: () => {
        setForm({ currentPassword: '', newPassword: '' });
        setDone(true);
        onChanged?.();
      },
      // The server's refusal is about the current password (wrong) or the new one (its rules).
      onError: (error) => {
        const aboutNew = /new password/i.test(error.message);
        refuse(error, aboutNew ? 'newPassword' : 'currentPassword');
        (aboutNew ? newField : currentField).current?.focus();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-base font-bold">
        Change password
      </h2>
      <SharedGuestLock
        locked={sharedGuest}
        id="password-locked"
        why="The shared guest account cannot change its password: everyone who uses Guest Login shares it. Sign up for an account of your own to choose one."
      >
        <TextField
          ref={currentField}
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={form.currentPassword}
          error={errors.currentPassword}
          onChange={(event) => {
            setForm({ ...form, currentPassword: event.target.value });
            changed('currentPassword');
          }}
        />
        <TextField
          ref={newField}
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          hint={`At least ${Limits.passwordMin} characters. You stay signed in here; every other device is signed out.`}
          value={form.newPassword}
          error={errors.newPassword}
          onChange={(event) => {
            setForm({ ...form, newPassword: event.target.value });
            changed('newPassword');
          }}
        />
        <p role="status" className="text-sm text-emerald-800 empty:hidden dark:text-emerald-300">
          {done ? 'Password changed. Other devices have been signed out.' : ''}
        </p>
        <div>
          <Button type="submit" pending={change.isPending}>
            Change password
          </Button>
        </div>
      </SharedGuestLock>
    </form>
  );
}
