import type { ProfileFilter } from '@sync/contract';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ErrorState, MissingPage } from '../../components/ui/error-state';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, type Tab } from '../../components/ui/tabs';
import { PostList, useUserPosts } from '../../features/posts';
import {
  BlockNotice,
  MutedBadge,
  SafetyMenuButton,
  safetyStrings,
  useBlockedEitherWay,
} from '../../features/safety';
import { ProfileHeader, useUser } from '../../features/users';
import { ApiError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/page-title';
import { useMe } from '../../lib/session';
import { Columns } from '../layout/app-layout';
import { RecommendedPanel } from '../layout/recommended-panel';
import { postActions, postMenu } from './post-actions';

const filters: Tab<ProfileFilter>[] = [
  { value: 'posts', label: 'Posts' },
  { value: 'reposts', label: 'Reposts' },
  { value: 'all', label: 'All' },
];

const listLabel: Record<ProfileFilter, (username: string) => string> = {
  posts: (username) => `Posts by @${username}`,
  reposts: (username) => `Reposts by @${username}`,
  all: (username) => `Posts and reposts by @${username}`,
};

/** The person's posts, their reposts (decision 092), or both, newest first. */
function ProfilePosts({ username }: { username: string }) {
  const [filter, setFilter] = useState<ProfileFilter>('posts');
  const posts = useUserPosts(username, filter);
  return (
    <>
      <h2 className="sr-only">Posts</h2>
      <Tabs label="Show" idPrefix="profile-posts" tabs={filters} selected={filter} onSelect={setFilter}>
        <PostList
          query={posts}
          label={listLabel[filter](username)}
          empty={filter === 'reposts' ? 'No reposts yet' : 'No posts yet'}
          actions={postActions}
          menu={postMenu}
        />
      </Tabs>
    </>
  );
}

export default function ProfileRoute() {
  const { username = '' } = useParams();
  const me = useMe();
  const user = useUser(username);
  const someoneElse = Boolean(user.data) && username !== me.username;
  // Across a block either way their posts are not shown, and Follow is not offered.
  const blocked = useBlockedEitherWay(username, someoneElse);
  const missing = user.error instanceof ApiError && user.error.status === 404;
  usePageTitle(
    user.data
      ? `${user.data.firstName} ${user.data.lastName} (@${user.data.username})`
      : missing
        ? 'Page not found'
        : `@${username}`,
  );

  let body;
  if (user.data) {
    body = (
      <>
        <ProfileHeader
          user={user.data}
          canFollow={!blocked}
          menu={
            someoneElse && (
              <SafetyMenuButton
                person={user.data}
                personId={user.data._id}
                label={safetyStrings.menu.profileOptions(user.data.username)}
              />
            )
          }
          badge={someoneElse && <MutedBadge username={user.data.username} />}
        />
        {someoneElse && <BlockNotice username={user.data.username} />}
        {!blocked && <ProfilePosts username={user.data.username} />}
      </>
    );
  } else if (user.isPending) {
    body = (
      <div className="space-y-3 px-4 py-6" role="status" aria-label="Loading profile">
        <Skeleton shape="circle" className="size-24" />
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-4 w-32" />
      </div>
    );
  } else if (missing) {
    body = <MissingPage title="Page not found" message={`There is no one called @${username} here.`} />;
  } else {
    body = (
      <ErrorState
        message={user.error?.message ?? 'Something went wrong'}
        onRetry={() => void user.refetch()}
      />
    );
  }

  return <Columns side={<RecommendedPanel excluding={username} />}>{body}</Columns>;
}
