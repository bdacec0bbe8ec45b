import type { User } from '@sync/contract';
import { useState, type FormEvent } from 'react';
import { Modal, ModalFormActions } from '../../../components/ui/dialog';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { toastSuccess } from '../../../lib/toast';
import { useEditProfile } from '../api/users';
import { PictureField } from './picture-field';
import { pictureStrings } from './strings';

type Props = { user: User; open: boolean; onOpenChange: (open: boolean) => void };

export function EditProfileDialog({ user, open, onOpenChange }: Props) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Update Profile">
      {open && <EditProfileForm user={user} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const [form, setForm] = useState({
    links: user.links,
    bio: user.bio,
    city: user.city,
  });
  const edit = useEditProfile();
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((old) => ({ ...old, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (edit.isPending) return;
    edit.mutate(
      // The pictures are uploaded by their own buttons, at once; an old avatar URL is left as it is.
      { links: form.links.trim(), bio: form.bio, city: form.city.trim() },
      {
        onSuccess: () => {
          toastSuccess('Profile updated');
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3">
        <TextField label="First name" value={user.firstName} readOnly />
        <TextField label="Last name" value={user.lastName} readOnly />
      </div>
      <TextField label="Link" type="url" placeholder="https://" value={form.links} onChange={set('links')} />
      <TextAreaField label="Bio" value={form.bio} onChange={set('bio')} maxLength={300} />
      <TextField label="City" value={form.city} onChange={set('city')} />
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-bold">{pictureStrings.section}</legend>
        <PictureField kind="avatar" user={user} />
        <PictureField kind="header" user={user} />
      </fieldset>
      <ModalFormActions error={edit.error} pending={edit.isPending} />
    </form>
  );
}
