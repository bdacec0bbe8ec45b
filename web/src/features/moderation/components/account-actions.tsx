import { ModerationLimits, type AdminAccount } from '@sync/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal, ModalClose } from '../../../components/ui/dialog';
import { SelectField, TextAreaField } from '../../../components/ui/field';
import { useMe } from '../../../lib/session';
import { isBelowMe } from '../api/access';
import { useAccountAction } from '../api/moderation';
import { strings } from './strings';

const text = strings.actions;

/** The actions that ask for a message (and, but for a warning, a duration) before they are taken. */
type AskedAction = 'warn' | 'limit' | 'suspend';

const DAY = 24 * 60 * 60;
const durations = [
  { value: String(DAY), label: text.durations.day },
  { value: String(7 * DAY), label: text.durations.week },
  { value: String(30 * DAY), label: text.durations.month },
  { value: '', label: text.durations.forever },
];

function ActionForm({
  type,
  account,
  reportId,
  onDone,
}: {
  type: AskedAction;
  account: AdminAccount;
  reportId?: string;
  onDone: (message: string) => void;
}) {
  const [message, setMessage] = useState('');
  const [duration, setDuration] = useState('');
  const [missing, setMissing] = useState(false);
  const act = useAccountAction();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const words = message.trim();
    // A warning is its message: without one there is nothing to tell the person.
    if (type === 'warn' && !words) {
      setMissing(true);
      event.currentTarget.querySelector('textarea')?.focus();
      return;
    }
    if (act.isPending) return;
    act.mutate(
      {
        username: account.username,
        action: {
          type,
          text: words || undefined,
          durationSeconds: type === 'warn' ? undefined : duration ? Number(duration) : null,
          reportId,
        },
      },
      { onSuccess: () => onDone(text.done[type](account.username)) },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{text.explain[type]}</p>
      {type !== 'warn' && (
        <SelectField
          label={text.duration}
          value={duration}
          onChange={(event) => setDuration(event.target.value)}
        >
          {durations.map((option) => (
            <option key={option.label} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      )}
      <TextAreaField
        label={text.message}
        hint={text.messageHint}
        error={missing ? text.messageRequired : undefined}
        value={message}
        maxLength={ModerationLimits.textMax}
        required={type === 'warn'}
        onChange={(event) => {
          setMessage(event.target.value);
          setMissing(false);
        }}
      />
      {reportId && <p className="text-xs text-zinc-600 dark:text-zinc-400">{text.forReport}</p>}
      {act.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {act.error.message}
        </p>
      )}
      <div className="flex justify-end gap-3">
        <ModalClose>{strings.cancel}</ModalClose>
        <Button type="submit" variant={type === 'suspend' ? 'danger' : 'primary'} pending={act.isPending}>
          {text[type]}
        </Button>
      </div>
    </form>
  );
}

/**
 * Warn, limit or suspend an account (each asks first, in a dialog), or lift a limit or a suspension.
 * With `reportId`, the action is recorded against that report. A person acts only on roles below their
 * own, and never on themselves.
 */
export function AccountActions({ account, reportId }: { account: AdminAccount; reportId?: string }) {
  const me = useMe();
  const [asked, setAsked] = useState<AskedAction | null>(null);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState('');
  const lift = useAccountAction();

  if (account.username === me.username) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">{strings.account.ownAccount}</p>;
  }
  if (!isBelowMe(me, account.role)) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">{text.notBelow}</p>;
  }

  const ask = (type: AskedAction) => {
    setAsked(type);
    setOpen(true);
    setDone('');
  };
  const undo = (type: 'unlimit' | 'unsuspend') => {
    if (lift.isPending) return;
    setDone('');
    lift.mutate(
      { username: account.username, action: { type, reportId } },
      { onSuccess: () => setDone(text.done[type](account.username)) },
    );
  };

  // Each button keeps its place when the action it offers turns into its reverse, so focus stays on it.
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => ask('warn')}>
          {text.warn}…
        </Button>
        <Button
          variant="secondary"
          size="sm"
          pending={lift.isPending && lift.variables.action.type === 'unlimit'}
          onClick={() => (account.limit ? undo('unlimit') : ask('limit'))}
        >
          {account.limit ? text.unlimit : `${text.limit}…`}
        </Button>
        <Button
          variant={account.suspension ? 'secondary' : 'danger'}
          size="sm"
          pending={lift.isPending && lift.variables.action.type === 'unsuspend'}
          onClick={() => (account.suspension ? undo('unsuspend') : ask('suspend'))}
        >
          {account.suspension ? text.unsuspend : `${text.suspend}…`}
        </Button>
      </div>
      {lift.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {lift.error.message}
        </p>
      )}
      <p role="status" className="text-sm text-zinc-700 empty:hidden dark:text-zinc-300">
        {done}
      </p>
      <Modal open={open} onOpenChange={setOpen} title={asked ? text.titles[asked](account.username) : ''}>
        {asked && (
          <ActionForm
            type={asked}
            account={account}
            reportId={reportId}
            onDone={(message) => {
              setOpen(false);
              setDone(message);
            }}
          />
        )}
      </Modal>
    </div>
  );
}
