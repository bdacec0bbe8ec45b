import type { User } from '@sync/contract';
import { ExternalLink, MapPin } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button, buttonClass } from '../../../components/ui/button';
import { useMe } from '../../../lib/session';
import { EditProfileDialog } from './edit-profile-dialog';
import { FollowButton, FollowsYou } from './follow-button';

const countLink = 'rounded hover:underline focus-ring';

function safeLink(link: string): string | null {
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

type Props = {
  user: User;
  /**
   * From other features, composed by the app: the "…" beside Follow (block, mute, report), a badge
   * after the username (muted), and whether Follow is offered at all (not across a block).
   */
  menu?: ReactNode;
  badge?: ReactNode;
  canFollow?: boolean;
};

export function ProfileHeader({ user, menu, badge, canFollow = true }: Props) {
  const me = useMe();
  const [editing, setEditing] = useState(false);
  const isMe = me.username === user.username;
  const following = user.viewer?.follows ?? user.followers.some((u) => u.username === me.username);
  const link = safeLink(user.links);

  return (
    <section className="border-b border-zinc-200 px-4 py-6 dark:border-zinc-800">
      {user.headerURL && (
        // Decoration, as the avatar is; 1500 × 500 as stored, so the box keeps its shape while it loads.
        <img
          src={user.headerURL}
          alt=""
          width={1500}
          height={500}
          decoding="async"
          className="-mx-4 -mt-6 mb-4 aspect-[3/1] w-[calc(100%+2rem)] max-w-none bg-zinc-200 object-cover dark:bg-zinc-800"
        />
      )}
      <div className="flex items-start justify-between gap-4">
        <Avatar user={user} size="lg" />
        {isMe ? (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit Profile
          </Button>
        ) : (
          <div className="flex items-center gap-1">
            {menu}
            {canFollow && <FollowButton user={user} following={following} size="md" />}
          </div>
        )}
      </div>
      <h1 className="mt-4 text-2xl font-bold text-zinc-900 dark:text-zinc-50">
        {user.firstName} {user.lastName}
      </h1>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">@{user.username}</p>
        {!isMe && <FollowsYou user={user} />}
        {badge}
      </div>
      {user.bio && (
        <p className="mt-3 text-[15px] whitespace-pre-wrap text-zinc-800 dark:text-zinc-200">{user.bio}</p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-zinc-600 dark:text-zinc-400">
        {user.city && (
          <span className="inline-flex items-center gap-1">
            <MapPin className="size-4" aria-hidden="true" />
            {user.city}
          </span>
        )}
        {link && (
          <a href={link} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary', 'sm')}>
            <ExternalLink className="size-4" aria-hidden="true" />
            {new URL(link).host}
          </a>
        )}
      </div>
      <p className="mt-4 flex gap-5 text-sm text-zinc-600 dark:text-zinc-400">
        <Link to={`/profile/${user.username}/following`} className={countLink}>
          <strong className="font-semibold text-zinc-900 dark:text-zinc-50" data-testid="following-count">
            {user.followingCount}
          </strong>{' '}
          Following
        </Link>
        <Link to={`/profile/${user.username}/followers`} className={countLink}>
          <strong className="font-semibold text-zinc-900 dark:text-zinc-50" data-testid="follower-count">
            {user.followerCount}
          </strong>{' '}
          {user.followerCount === 1 ? 'Follower' : 'Followers'}
        </Link>
      </p>
      {isMe && <EditProfileDialog user={user} open={editing} onOpenChange={setEditing} />}
    </section>
  );
}
