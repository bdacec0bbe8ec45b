import type { UserSummary } from '@sync/contract';
import { Check } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toastError } from '../../../lib/toast';
import { useFollow } from '../api/users';

type Props = { user: UserSummary; following: boolean };

/**
 * Follow or unfollow someone in a list: the name says whom ("Follow Ada Lovelace", starting with the
 * visible word) and the state is said once, by aria-pressed.
 */
export function FollowButton({ user, following }: Props) {
  const follow = useFollow();
  return (
    <Button
      variant={following ? 'secondary' : 'primary'}
      size="sm"
      aria-pressed={following}
      pending={follow.isPending}
      onClick={() =>
        follow.mutate(
          { target: user, follow: !following },
          { onError: (error) => toastError('Error', error.message) },
        )
      }
    >
      {following && <Check className="size-4" aria-hidden="true" />}
      Follow
      <span className="sr-only">
        {' '}
        {user.firstName} {user.lastName}
      </span>
    </Button>
  );
}
