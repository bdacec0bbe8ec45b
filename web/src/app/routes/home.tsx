import { Suspense, useState } from 'react';
import { Columns, PageHeader } from '../layout/app-layout';
import { RecommendedPanel } from '../layout/recommended-panel';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, type Tab } from '../../components/ui/tabs';
import { useMe } from '../../lib/session';
import { chooseHomeTab, postKeys, storedHomeTab, type HomeTab } from '../../entities/posts';
import { NewPostsPill } from '../../features/live';
import { useFeed, useTimeline, Composer, PostList } from '../../features/posts';
import { postActions, postMenu } from './post-actions';
import { lazyPart } from '../../lib/lazy';

// Only the Following tab of someone who follows nobody (or whose people have not posted) shows them:
// the users feature's code loads then, not with the first screen (decision 040).
const SuggestedPeople = lazyPart(() =>
  import('../../features/users').then((users) => ({ default: users.SuggestedPeople })),
);

/** What `SuggestedPeople` shows while its list loads, shown while its code does. */
function PeopleSkeleton() {
  return (
    <div className="space-y-3" role="status" aria-label="Loading suggested people">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3">
          <Skeleton shape="circle" className="size-11" />
          <Skeleton className="h-3.5 w-32" />
        </div>
      ))}
    </div>
  );
}

const HOME_TABS: Tab<HomeTab>[] = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'following', label: 'Following' },
];

function useStoredTab(): [HomeTab, (tab: HomeTab) => void] {
  const [tab, setTab] = useState<HomeTab>(storedHomeTab);
  const choose = (next: HomeTab) => {
    setTab(next);
    chooseHomeTab(next);
  };
  return [tab, choose];
}

function EveryoneFeed() {
  const feed = useFeed('newest');
  return (
    <>
      <NewPostsPill queryKey={postKeys.feed('newest')} />
      <PostList
        query={feed}
        label="Home feed"
        empty="No posts yet. Share the first one!"
        actions={postActions}
        menu={postMenu}
      />
    </>
  );
}

/** Someone who follows nobody, or whose people have not posted, is shown whom to follow. */
function FollowingFeed() {
  const me = useMe();
  const timeline = useTimeline();
  const empty = timeline.isSuccess && timeline.data.pages.every((page) => page.posts.length === 0);
  const suggest = me.followingCount === 0 || empty;
  return (
    <>
      {suggest && (
        <section
          aria-labelledby="follow-suggestions"
          className="border-b border-zinc-200 px-4 py-4 dark:border-zinc-800"
        >
          <h2 id="follow-suggestions" className="text-base font-bold">
            {me.followingCount === 0 ? 'You don’t follow anyone yet' : 'Nobody you follow has posted yet'}
          </h2>
          <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
            Follow people to see their posts here.
          </p>
          <Suspense fallback={<PeopleSkeleton />}>
            <SuggestedPeople />
          </Suspense>
        </section>
      )}
      <NewPostsPill queryKey={postKeys.timeline} />
      {!empty && (
        <PostList
          query={timeline}
          label="Following feed"
          empty={null}
          actions={postActions}
          menu={postMenu}
        />
      )}
    </>
  );
}

export default function HomeRoute() {
  const [tab, setTab] = useStoredTab();
  return (
    <Columns side={<RecommendedPanel />}>
      <PageHeader title="Home" />
      <Composer />
      <Tabs label="Home feeds" idPrefix="home" tabs={HOME_TABS} selected={tab} onSelect={setTab}>
        {tab === 'everyone' ? <EveryoneFeed /> : <FollowingFeed />}
      </Tabs>
    </Columns>
  );
}
