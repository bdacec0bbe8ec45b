import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Button } from './button';
import { ErrorState } from './error-state';
import { PostSkeleton } from './skeleton';
import type { RowsProps } from './virtual-rows';
import { lazyPart } from '../../lib/lazy';

/** Past this many rows only the ones near the viewport are in the DOM. */
const VIRTUALIZE_AFTER = 100;

// The windowing code (some 10 KB) loads only when a list grows past VIRTUALIZE_AFTER. (lazy() drops
// the component's type parameter; the cast puts it back.)
const VirtualRows = lazyPart(() => import('./virtual-rows')) as unknown as <T>(
  props: RowsProps<T>,
) => ReactNode;

function PlainRows<T>({ items, getKey, renderItem, reach }: RowsProps<T>) {
  return items.map((item) => {
    const key = getKey(item);
    const reached =
      reach?.key === key
        ? (row: HTMLDivElement | null) => {
            if (!row) return;
            row.scrollIntoView({ block: 'center' });
            reach.onReached();
          }
        : undefined;
    return (
      <div role="listitem" key={key} ref={reached}>
        {renderItem(item)}
      </div>
    );
  });
}

/** The paging state of an infinite query, as TanStack Query's useInfiniteQuery gives it. */
export interface Paging {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** The last page could not be loaded: shown after the list with a Retry instead of loading on. */
  isFetchNextPageError: boolean;
  error: Error | null;
}

export type Props<T> = RowsProps<T> & {
  paging: Paging;
  label: string;
};

/** Loads the next page when the end of the list comes near; a button does the same for keyboards. */
function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: Pick<Paging, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) fetchNextPage();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (!hasNextPage) return null;
  return (
    <div ref={sentinel}>
      {isFetchingNextPage ? (
        <div role="status" aria-label="Loading more">
          <PostSkeleton />
        </div>
      ) : (
        <div className="flex justify-center py-4">
          <Button variant="ghost" size="sm" onClick={() => fetchNextPage()}>
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}

export function InfiniteList<T>(props: Props<T>) {
  const { items, getKey, renderItem, reach, label, paging } = props;
  const rows = { items, getKey, renderItem, reach };
  return (
    <>
      <div role="list" aria-label={label}>
        {items.length > VIRTUALIZE_AFTER ? (
          <Suspense fallback={<PlainRows {...rows} />}>
            <VirtualRows {...rows} />
          </Suspense>
        ) : (
          <PlainRows {...rows} />
        )}
      </div>
      {paging.isFetchNextPageError ? (
        <ErrorState
          message={paging.error?.message ?? 'Could not load more.'}
          onRetry={() => void paging.fetchNextPage()}
        />
      ) : (
        <LoadMore
          hasNextPage={paging.hasNextPage}
          isFetchingNextPage={paging.isFetchingNextPage}
          fetchNextPage={paging.fetchNextPage}
        />
      )}
    </>
  );
}
