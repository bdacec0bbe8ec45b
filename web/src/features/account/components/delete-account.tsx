import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal, ModalClose } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { useFieldErrors } from '../../../lib/field-errors';
import { useAccountState, useDeleteAccount } from '../api/account';

function DeleteAccountForm() {
  const [password, setPassword] = useState('');
  const { errors, check, refuse, changed } = useFieldErrors<'password'>();
  const remove = useDeleteAccount();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    if (!check({ password: password ? undefined : 'Enter your password to confirm.' })) return;
    // On success the session ends and the guard takes the user to /login, which says why. Every
    // refusal is about the password (a wrong one, the shared guest's) or said with it.
    remove.mutate(password, { onError: (error) => refuse(error, 'password') });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Your posts, comments, likes, votes, bookmarks, follows and notifications are removed for good. This
        can&apos;t be undone.
      </p>
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        error={errors.password}
        onChange={(event) => {
          setPassword(event.target.value);
          changed('password');
        }}
      />
      <div className="flex justify-end gap-3">
        <ModalClose>Cancel</ModalClose>
        <Button type="submit" variant="danger" pending={remove.isPending}>
          Delete my account
        </Button>
      </div>
    </form>
  );
}

export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const sharedGuest = useAccountState().data?.sharedGuest === true;
  return (
    <section aria-labelledby="delete-heading" className="flex flex-col gap-3">
      <h2 id="delete-heading" className="text-base font-bold text-red-800 dark:text-red-300">
        Delete my account
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Removes your account and everything you did on Sync. Export your data first if you want a copy.
      </p>
      {sharedGuest && (
        <p id="delete-locked" className="text-sm text-zinc-700 dark:text-zinc-300">
          The shared guest account cannot be deleted: everyone who uses Guest Login shares it.
        </p>
      )}
      <div>
        <Button
          variant="danger"
          disabled={sharedGuest}
          aria-describedby={sharedGuest ? 'delete-locked' : undefined}
          onClick={() => setOpen(true)}
        >
          Delete my account…
        </Button>
      </div>
      <Modal open={open} onOpenChange={setOpen} title="Delete your account?">
        {open && <DeleteAccountForm />}
      </Modal>
    </section>
  );
}
