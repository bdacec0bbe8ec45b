import { useState } from 'react';

type Person = { firstName: string; lastName: string; username: string; avatarURL: string };

const sizes = { sm: 'size-9 text-xs', md: 'size-11 text-sm', lg: 'size-24 text-3xl' } as const;

const palette = [
  'bg-teal-700',
  'bg-sky-700',
  'bg-violet-700',
  'bg-rose-700',
  'bg-amber-700',
  'bg-emerald-700',
];

function initials({ firstName, lastName, username }: Person) {
  const text = `${firstName.trim()[0] ?? ''}${lastName.trim()[0] ?? ''}` || username.slice(0, 2);
  return text.toUpperCase();
}

function colourFor(username: string) {
  let hash = 0;
  for (const char of username) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length];
}

/** The person's picture, or their initials on a colour of their own when there is none or it fails. */
export function Avatar({ user, size = 'md' }: { user: Person; size?: keyof typeof sizes }) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = user.avatarURL;
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt=""
        className={`${sizes[size]} shrink-0 rounded-full bg-zinc-200 object-cover dark:bg-zinc-800`}
        onError={() => setFailed(src)}
      />
    );
  }
  // The initials are drawn by CSS, not text: a control named "Ada Lovelace's profile" would
  // otherwise show "AL" that its name does not contain (WCAG 2.5.3, label in name).
  return (
    <span
      aria-hidden="true"
      data-initials={initials(user)}
      className={`${sizes[size]} ${colourFor(user.username)} inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white select-none before:content-[attr(data-initials)]`}
    />
  );
}
