import type { BlockedUser, MutedUser } from '@sync/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFocusAfterRemoval } from '../../../lib/focus-after-removal';
import { toastError } from '../../../lib/toast';
import { useBlock, useBlockedAccounts, useMute, useMutedAccounts } from '../api/relationships';
import { strings } from '../strings';

const text = strings.settings;

type Person = BlockedUser | MutedUser;

function PersonEntry({ user, detail, action }: { user: Person; detail: string; action: ReactNode }) {
  return (
    <div className="flex items-center gap-3 py-2">
      <Avatar user={user} />
      <div className="min-w-0 flex-1">
        <Link
          to={`/profile/${user.username}`}
          className="block truncate text-sm font-semibold text-zinc-900 hover:underline focus-ring dark:text-zinc-50"
        >
          {user.firstName} {user.lastName}
        </Link>
        <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">
          @{user.username} · {detail}
        </p>
      </div>
      {action}
    </div>
  );
}

type Section<T extends Person> = {
  id: string;
  heading: string;
  intro: string;
  empty: string;
  loading: string;
  query: UseInfiniteQueryResult<InfiniteData<{ users: T[]; nextCursor: string | null }>, Error>;
  renderItem: (user: T) => ReactNode;
};

function PeopleSection<T extends Person>({
  id,
  heading,
  intro,
  empty,
  loading,
  query,
  renderItem,
}: Section<T>) {
  const people = query.data?.pages.flatMap((page) => page.users) ?? [];
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} tabIndex={-1} className="text-base font-bold focus-ring">
        {heading}
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{intro}</p>
      {query.isPending ? (
        <div role="status" aria-label={loading}>
          <Skeleton shape="card" className="h-12 w-full" />
        </div>
      ) : query.isError && !query.data ? (
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      ) : people.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{empty}</p>
      ) : (
        <InfiniteList
          label={heading}
          items={people}
          getKey={(user) => user._id}
          renderItem={renderItem}
          paging={query}
        />
      )}
    </section>
  );
}

/** The list's heading takes focus when the row whose button had it goes. */
const BLOCKED_HEADING = 'blocked-accounts-heading';
const MUTED_HEADING = 'muted-accounts-heading';

function UnblockButton({ user }: { user: BlockedUser }) {
  const block = useBlock();
  const afterRemoval = useFocusAfterRemoval();
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={strings.profile.unblockLabel(user.username)}
      pending={block.isPending}
      onClick={() => {
        afterRemoval.arm(() => document.getElementById(BLOCKED_HEADING));
        block.mutate(
          { username: user.username, block: false },
          {
            onError: (error) => {
              afterRemoval.disarm();
              toastError(strings.block.unblockFailed(user.username), error.message);
            },
          },
        );
      }}
    >
      {strings.profile.unblock}
    </Button>
  );
}

function UnmuteButton({ user }: { user: MutedUser }) {
  const mute = useMute();
  const afterRemoval = useFocusAfterRemoval();
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={strings.profile.unmuteLabel(user.username)}
      pending={mute.isPending}
      onClick={() => {
        afterRemoval.arm(() => document.getElementById(MUTED_HEADING));
        mute.mutate(
          { username: user.username, mute: null },
          {
            onError: (error) => {
              afterRemoval.disarm();
              toastError(strings.mute.unmuteFailed(user.username), error.message);
            },
          },
        );
      }}
    >
      {strings.profile.unmute}
    </Button>
  );
}

/** Settings → Blocked accounts: each with Unblock, the latest block first, a page at a time. */
export function BlockedAccounts() {
  const query = useBlockedAccounts();
  return (
    <PeopleSection
      id={BLOCKED_HEADING}
      heading={text.blockedHeading}
      intro={text.blockedIntro}
      empty={text.blockedEmpty}
      loading={text.blockedLoading}
      query={query}
      renderItem={(user) => (
        <PersonEntry
          user={user}
          detail={text.blockedAt(user.blockedAt)}
          action={<UnblockButton user={user} />}
        />
      )}
    />
  );
}

/** Settings → Muted accounts: each with when the mute ends, and Unmute. */
export function MutedAccounts() {
  const query = useMutedAccounts();
  return (
    <PeopleSection
      id={MUTED_HEADING}
      heading={text.mutedHeading}
      intro={text.mutedIntro}
      empty={text.mutedEmpty}
      loading={text.mutedLoading}
      query={query}
      renderItem={(user) => (
        <PersonEntry
          user={user}
          detail={`${user.expiresAt ? text.mutedUntil(user.expiresAt) : text.mutedIndefinitely}, ${
            user.notifications ? text.notificationsToo : text.notificationsShown
          }`}
          action={<UnmuteButton user={user} />}
        />
      )}
    />
  );
}
