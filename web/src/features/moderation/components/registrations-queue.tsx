import type { AdminAccount } from '@sync/contract';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { EmptyState, ErrorState } from '../../../components/ui/error-state';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { pendingAccounts, useAccounts, useRegistrationDecision } from '../api/moderation';
import { AccountLine } from './parts';
import { Age } from '../../../components/ui/age';
import { strings } from './strings';

const text = strings.registrations;

/**
 * Approve a sign-up at once, or reject it after asking. The decision takes these buttons away (the
 * sign-up leaves the queue; the account's page offers the other actions): `onDone` says what happened
 * where it stays.
 */
export function RegistrationDecision({
  account,
  onDone,
}: {
  account: AdminAccount;
  onDone: (message: string) => void;
}) {
  const decide = useRegistrationDecision();
  const [confirming, setConfirming] = useState(false);
  const approve = () => {
    if (decide.isPending) return;
    decide.mutate(
      { username: account.username, decision: 'approve' },
      { onSuccess: () => onDone(text.approved(account.username)) },
    );
  };
  const reject = () => {
    if (decide.isPending) return;
    decide.mutate(
      { username: account.username, decision: 'reject' },
      {
        onSuccess: () => {
          setConfirming(false);
          onDone(text.rejected(account.username));
        },
        onError: () => setConfirming(false),
      },
    );
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          pending={decide.isPending && decide.variables.decision === 'approve'}
          aria-label={text.approveLabel(account.username)}
          onClick={approve}
        >
          {strings.actions.approve}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          aria-label={text.rejectLabel(account.username)}
          onClick={() => setConfirming(true)}
        >
          {strings.actions.reject}…
        </Button>
      </div>
      {decide.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {decide.error.message}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={text.rejectTitle(account.username)}
        description={text.rejectText}
        confirmLabel={strings.actions.reject}
        pending={decide.isPending}
        onConfirm={reject}
      />
    </div>
  );
}

function Registration({ account, onDone }: { account: AdminAccount; onDone: (message: string) => void }) {
  return (
    <div className="flex flex-col gap-2 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
      <AccountLine
        user={account}
        detail={
          account.pending ? (
            <>
              {text.waiting} <Age iso={account.pending.since} />
            </>
          ) : undefined
        }
      />
      <p className="text-sm whitespace-pre-wrap break-words text-zinc-800 dark:text-zinc-200">
        {account.pending?.reason || <span className="text-zinc-600 dark:text-zinc-400">{text.noReason}</span>}
      </p>
      <RegistrationDecision account={account} onDone={onDone} />
    </div>
  );
}

/** The sign-ups waiting for a moderator, each with the reason its person gave. */
export function RegistrationsQueue() {
  const query = useAccounts(pendingAccounts);
  const [said, setSaid] = useState('');
  const status = useRef<HTMLParagraphElement>(null);
  const done = (message: string) => {
    setSaid(message);
    // The sign-up and its buttons are gone: the words that say what happened take focus.
    requestAnimationFrame(() => status.current?.focus());
  };
  if (query.isPending) return <ListSkeleton label={strings.loading(text.listLabel)} />;
  if (query.isError && !query.data) {
    return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  const accounts = query.data.pages.flatMap((page) => page.accounts);
  return (
    <>
      <p className="border-b border-zinc-200 px-4 py-3 text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
        {text.intro}
      </p>
      <p
        ref={status}
        tabIndex={-1}
        role="status"
        className="px-4 py-3 text-sm text-zinc-700 focus-ring-inset empty:hidden dark:text-zinc-300"
      >
        {said}
      </p>
      {accounts.length === 0 ? (
        <EmptyState>{text.empty}</EmptyState>
      ) : (
        <InfiniteList
          label={text.listLabel}
          items={accounts}
          getKey={(account) => account._id}
          renderItem={(account) => <Registration account={account} onDone={done} />}
          paging={query}
        />
      )}
    </>
  );
}
