import type { FollowViewer, UserSummary } from '@sync/contract';
import { Button } from '../../../components/ui/button';
import { useMe } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { useFollow } from '../api/users';

type Props = {
  user: UserSummary & { viewer?: FollowViewer };
  /** Whether the viewer follows them: their `viewer.follows` when the answer has it. */
  following?: boolean;
  size?: 'sm' | 'md';
  /** The word while not following ("Follow back" on a follow notification); once followed, "UnFollow". */
  label?: string;
};

/**
 * The one Follow button, wherever a person is shown (profile, lists, suggestions, people found): the
 * spec's words, "Follow" or "UnFollow", naming whom for a screen reader ("UnFollow Ada Lovelace"). Its
 * state is the cached one every other button for them shows too (`setFollowing`), changed at once and
 * put back if the server refuses. None for oneself.
 */
export function FollowButton({
  user,
  following = user.viewer?.follows ?? false,
  size = 'sm',
  label = 'Follow',
}: Props) {
  const me = useMe();
  const follow = useFollow();
  if (user._id === me._id) return null;
  return (
    <Button
      variant={following ? 'secondary' : 'primary'}
      size={size}
      pending={follow.isPending}
      onClick={() =>
        follow.mutate(
          { target: user, follow: !following },
          { onError: (error) => toastError('Error', error.message) },
        )
      }
    >
      {following ? 'UnFollow' : label}
      <span className="sr-only">
        {' '}
        {user.firstName} {user.lastName}
      </span>
    </Button>
  );
}

/** "Follows you": they follow the viewer (their `viewer.followedBy`). */
export function FollowsYou({ user }: { user: { viewer?: FollowViewer } }) {
  if (!user.viewer?.followedBy) return null;
  return (
    <span className="shrink-0 rounded bg-zinc-100 px-1.5 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
      Follows you
    </span>
  );
}
