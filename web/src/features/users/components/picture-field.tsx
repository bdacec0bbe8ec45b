import { useRef, useState } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { useInstance } from '../../../entities/instance';
import type { SessionUser } from '../../../lib/session';
import { refusalOf } from '../../../entities/media';
import { useProfilePicture, type ProfilePicture } from '../api/profile-pictures';
import { pictureStrings as t } from './strings';

/** A profile read from the server, or the signed-in user's own as the session keeps it. */
type Props = { kind: ProfilePicture; user: SessionUser };

/**
 * The avatar or the header in the edit dialog (and the welcome's): what it is now, a button to upload another (sent at
 * once, with its progress) and one to remove it. The old paste-a-URL avatar still shows until replaced.
 */
export function PictureField({ kind, user }: Props) {
  const picture = useProfilePicture(kind);
  const configuration = useInstance().data?.media;
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const current = picture.data ?? user;
  const url = kind === 'avatar' ? current.avatarURL : current.headerURL;
  const error = refusal ?? picture.error?.message;

  const send = (file: File) => {
    const refused = configuration && refusalOf(file, configuration);
    setRefusal(refused || null);
    if (refused) return;
    setProgress(0);
    picture.mutate({ file, onProgress: setProgress });
  };

  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {kind === 'avatar' ? t.avatar : t.header}
      </p>
      {kind === 'avatar' ? (
        <Avatar user={{ ...user, avatarURL: current.avatarURL }} size="lg" />
      ) : url ? (
        <img
          src={url}
          alt=""
          className="aspect-[3/1] w-full rounded-lg bg-zinc-200 object-cover dark:bg-zinc-800"
        />
      ) : (
        <p className="flex aspect-[3/1] w-full items-center justify-center rounded-lg border border-dashed border-zinc-300 text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          {t.noHeader}
        </p>
      )}
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {kind === 'avatar' ? t.avatarHint : t.headerHint}
      </p>
      {picture.isPending && picture.variables.file && (
        <progress
          aria-label={t.uploading[kind]}
          value={progress}
          max={1}
          className="h-1.5 w-full accent-teal-600"
        />
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          type="file"
          accept={configuration?.types.join(',')}
          tabIndex={-1}
          aria-hidden="true"
          className="hidden"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) send(file);
          }}
        />
        <Button
          variant="secondary"
          size="sm"
          pending={picture.isPending}
          onClick={() => input.current?.click()}
        >
          {url ? t.replace[kind] : t.upload[kind]}
        </Button>
        {url && (
          <Button
            variant="ghost"
            size="sm"
            pending={picture.isPending}
            onClick={() => {
              setRefusal(null);
              picture.mutate({ file: null });
            }}
          >
            {t.remove[kind]}
          </Button>
        )}
      </div>
    </div>
  );
}
