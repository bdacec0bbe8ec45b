import type { Post } from '@sync/contract';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState } from '../../../components/ui/error-state';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { flattenPages, type PostPages } from '../../../entities/posts';
import { PostCard } from './post-card';

type Props = {
  query: UseInfiniteQueryResult<PostPages, Error>;
  label: string;
  empty: ReactNode;
  order?: (posts: Post[]) => Post[];
  /** Each card's actions after its like, composed by the app (see `PostCard`). */
  actions: (post: Post) => ReactNode;
  /** Each card's "…" when the post is someone else's, composed by the app (see `PostCard`). */
  menu?: (post: Post) => ReactNode;
};

/** A list of posts with its loading, error, empty and load-more states. */
export function PostList({ query, label, empty, order, actions, menu }: Props) {
  if (query.isPending) return <ListSkeleton label={`Loading ${label.toLowerCase()}`} />;
  if (query.isError && !query.data) {
    return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  const loaded = flattenPages(query.data);
  const posts = order ? order(loaded) : loaded;
  if (posts.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <InfiniteList
      label={label}
      items={posts}
      getKey={(post) => post._id}
      renderItem={(post) => <PostCard post={post} actions={actions(post)} menu={menu?.(post)} />}
      paging={query}
    />
  );
}
