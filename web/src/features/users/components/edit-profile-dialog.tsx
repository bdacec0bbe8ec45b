import { Limits, type User } from '@sync/contract';
import { useRef, useState, type FormEvent } from 'react';
import { Modal, ModalFormActions } from '../../../components/ui/dialog';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { useFieldErrors } from '../../../lib/field-errors';
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

type Field = 'links' | 'bio' | 'city';

/** The server's refusals start with the field's label ("Link must be a web address…"). */
const fieldOfRefusal = (message: string): Field | undefined =>
  message.startsWith('Link ')
    ? 'links'
    : message.startsWith('Bio ')
      ? 'bio'
      : message.startsWith('City ')
        ? 'city'
        : undefined;

/** The server's rule for the link: empty, or an http(s) address. */
function linkError(link: string) {
  if (link === '') return undefined;
  try {
    if (['http:', 'https:'].includes(new URL(link).protocol)) return undefined;
  } catch {
    // Not an address at all: said below.
  }
  return 'Link must be a web address starting with https:// or http://.';
}

function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const [form, setForm] = useState({
    links: user.links,
    bio: user.bio,
    city: user.city,
  });
  const edit = useEditProfile();
  const { errors, check, refuse, changed } = useFieldErrors<Field>();
  const linkField = useRef<HTMLInputElement>(null);
  const set = (key: Field) => (event: { target: { value: string } }) => {
    setForm((old) => ({ ...old, [key]: event.target.value }));
    changed(key);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (edit.isPending) return;
    const changes = { links: form.links.trim(), bio: form.bio, city: form.city.trim() };
    if (!check({ links: linkError(changes.links) })) return linkField.current?.focus();
    edit.mutate(
      // The pictures are uploaded by their own buttons, at once; an old avatar URL is left as it is.
      changes,
      {
        onSuccess: () => {
          toastSuccess('Profile updated');
          onDone();
        },
        onError: (error) => refuse(error, fieldOfRefusal(error.message)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3">
        <TextField label="First name" value={user.firstName} readOnly />
        <TextField label="Last name" value={user.lastName} readOnly />
      </div>
      <TextField
        ref={linkField}
        label="Link"
        type="url"
        placeholder="https://"
        value={form.links}
        error={errors.links}
        onChange={set('links')}
      />
      <TextAreaField
        label="Bio"
        value={form.bio}
        error={errors.bio}
        onChange={set('bio')}
        maxLength={Limits.bio}
      />
      <TextField label="City" value={form.city} error={errors.city} onChange={set('city')} />
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-bold">{pictureStrings.section}</legend>
        <PictureField kind="avatar" user={user} />
        <PictureField kind="header" user={user} />
      </fieldset>
      <ModalFormActions error={errors.form} pending={edit.isPending} />
    </form>
  );
}
