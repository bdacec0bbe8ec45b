import type { PostSort } from '@sync/contract';
import { Flame, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Columns, PageHeader } from '../layout/app-layout';
import { RecommendedPanel } from '../layout/recommended-panel';
import { buttonClass } from '../../components/ui/button';

/** The panel's 'latest' is the list's 'newest'; the choice lives in the URL so reloads keep it. */
export function useSort(): [PostSort, (sort: PostSort) => void] {
  const [params, setParams] = useSearchParams();
  const sort: PostSort = params.get('sort') === 'trending' ? 'trending' : 'newest';
  const setSort = (next: PostSort) =>
    setParams(next === 'newest' ? {} : { sort: next }, { replace: true, preventScrollReset: true });
  return [sort, setSort];
}

export function SortButtons({ sort, onSort }: { sort: PostSort; onSort: (sort: PostSort) => void }) {
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Sort posts">
      <button
        type="button"
        aria-pressed={sort === 'newest'}
        className={buttonClass(sort === 'newest' ? 'primary' : 'secondary', 'sm')}
        onClick={() => onSort('newest')}
      >
        <Sparkles className="size-4" aria-hidden="true" />
        Get Latest Post
      </button>
      <button
        type="button"
        aria-pressed={sort === 'trending'}
        className={buttonClass(sort === 'trending' ? 'primary' : 'secondary', 'sm')}
        onClick={() => onSort('trending')}
      >
        <Flame className="size-4" aria-hidden="true" />
        Show Trending
      </button>
    </div>
  );
}

export function SortPanel({ sort, onSort }: { sort: PostSort; onSort: (sort: PostSort) => void }) {
  return (
    <section aria-label="Sort" className="rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800">
      <SortButtons sort={sort} onSort={onSort} />
    </section>
  );
}

/**
 * Network and Bookmark: the sort buttons in the side panel, or above the list below lg; none while
 * the list has nothing to sort (`sortable`).
 */
export function SortablePage({
  title,
  sort,
  onSort,
  sortable = true,
  children,
}: {
  title: string;
  sort: PostSort;
  onSort: (sort: PostSort) => void;
  sortable?: boolean;
  children: ReactNode;
}) {
  return (
    <Columns
      side={
        <>
          {sortable && <SortPanel sort={sort} onSort={onSort} />}
          <RecommendedPanel />
        </>
      }
    >
      <PageHeader title={title} />
      {sortable && (
        <div className="border-b border-zinc-200 px-4 py-3 lg:hidden dark:border-zinc-800">
          <SortButtons sort={sort} onSort={onSort} />
        </div>
      )}
      {children}
    </Columns>
  );
}
