import type { Invite } from '@sync/contract';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { inputClass, SelectField } from '../../../components/ui/field';
import { useCreateInvite, useInvites, useRevokeInvite } from '../api/moderation';
import { ManagedList, useConfirmedRemoval } from './managed-list';
import { Badge, Part } from './parts';
import { exactDate } from '../../../lib/relative-time';
import { strings } from './strings';

const text = strings.invites;
const HOUR = 60 * 60;
const DAY = 24 * HOUR;
const useCounts = [null, 1, 5, 10, 25, 50, 100];
const expiries = [
  { seconds: null, label: text.durations.never },
  { seconds: HOUR, label: text.durations.hour },
  { seconds: DAY, label: text.durations.day },
  { seconds: 7 * DAY, label: text.durations.week },
  { seconds: 30 * DAY, label: text.durations.month },
];

/** Whether the invite still lets people in, and if not, why. */
function stateOf(invite: Invite): string | null {
  if (invite.revokedAt) return text.revokedState;
  if (invite.expiresAt && new Date(invite.expiresAt).getTime() <= Date.now()) return text.expired;
  if (invite.maxUses !== null && invite.uses >= invite.maxUses) return text.usedUp;
  return null;
}

function CreateInvite({ onCreated }: { onCreated: (message: string) => void }) {
  const [maxUses, setMaxUses] = useState('');
  const [expiry, setExpiry] = useState(String(7 * DAY));
  const create = useCreateInvite();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    create.mutate(
      { maxUses: maxUses ? Number(maxUses) : null, expiresInSeconds: expiry ? Number(expiry) : null },
      { onSuccess: () => onCreated(text.created) },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <SelectField
        label={text.maxUses}
        fieldClassName="sm:w-40"
        value={maxUses}
        onChange={(event) => setMaxUses(event.target.value)}
      >
        {useCounts.map((count) => (
          <option key={count ?? 'none'} value={count ?? ''}>
            {count === null ? text.noLimit : text.uses(count)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={text.expiry}
        fieldClassName="sm:w-40"
        value={expiry}
        onChange={(event) => setExpiry(event.target.value)}
      >
        {expiries.map((option) => (
          <option key={option.label} value={option.seconds ?? ''}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <Button type="submit" pending={create.isPending}>
        {text.create}
      </Button>
      {create.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {create.error.message}
        </p>
      )}
    </form>
  );
}

/** Copies the link; where the browser refuses, the link stays selected in its box to copy by hand. */
function CopyLink({ invite, onCopied }: { invite: Invite; onCopied: (message: string) => void }) {
  const box = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invite.url);
      onCopied(text.copied);
    } catch {
      box.current?.select();
      onCopied(text.copyByHand);
    }
  };
  return (
    <div className="flex min-w-0 flex-1 gap-2">
      <input
        ref={box}
        readOnly
        value={invite.url}
        aria-label={text.linkLabel(invite.code)}
        onFocus={(event) => event.target.select()}
        className={`${inputClass} min-w-0 flex-1 font-mono text-xs`}
      />
      <Button
        variant="secondary"
        size="sm"
        aria-label={text.copyLabel(invite.code)}
        onClick={() => void copy()}
      >
        {text.copy}
      </Button>
    </div>
  );
}

/** Invite links: make one (how many uses, how long), copy its link, revoke it. */
export function Invites() {
  const invites = useInvites();
  const revoke = useRevokeInvite();
  const removal = useConfirmedRemoval<Invite>();
  const { asked } = removal;

  const confirm = () => {
    if (!asked || revoke.isPending) return;
    revoke.mutate(asked.id, {
      onSuccess: () => removal.removed(text.revoked),
      onError: (error) => removal.failed(text.revokeTitle, error),
    });
  };

  return (
    <>
      <Part id="invites-create-heading" title={text.createHeading} intro={text.intro}>
        <CreateInvite onCreated={removal.setSaid} />
      </Part>
      <ManagedList
        id="invites-heading"
        title={text.listLabel}
        headingRef={removal.heading}
        said={removal.said}
        query={invites}
        empty={text.empty}
      >
        {(list) => (
          <ul className="flex flex-col gap-3">
            {list.map((invite) => {
              const state = stateOf(invite);
              return (
                <li
                  key={invite.id}
                  className="flex flex-col gap-2 rounded-xl border border-zinc-200 p-3 text-sm dark:border-zinc-800"
                >
                  <p className="flex flex-wrap items-center gap-2 text-zinc-700 dark:text-zinc-300">
                    <span className="font-mono font-semibold text-zinc-900 dark:text-zinc-50">
                      {invite.code}
                    </span>
                    {state && <Badge tone="zinc">{state}</Badge>}
                    <span>{text.used(invite.uses, invite.maxUses)}</span>
                    <span>
                      · {invite.expiresAt ? text.expires(exactDate(invite.expiresAt)) : text.noExpiry}
                    </span>
                  </p>
                  {!state && (
                    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                      <CopyLink invite={invite} onCopied={removal.setSaid} />
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={text.revokeLabel(invite.code)}
                        onClick={() => removal.ask(invite)}
                      >
                        {text.revoke}
                      </Button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </ManagedList>
      <ConfirmDialog
        open={removal.confirming}
        onOpenChange={removal.setConfirming}
        title={text.revokeTitle}
        description={text.revokeText}
        confirmLabel={text.revoke}
        pending={revoke.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
