import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import { PostSkeleton } from './skeleton';

/** Past this many rows only the ones near the viewport are in the DOM. */
const VIRTUALIZE_AFTER = 100;

type Props<T> = {
  items: T[];
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  label: string;
};

function VirtualRows<T>({ items, getKey, renderItem }: Pick<Props<T>, 'items' | 'getKey' | 'renderItem'>) {
  const [offset, setOffset] = useState(0);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => 160,
    overscan: 6,
    scrollMargin: offset,
    getItemKey: (index) => getKey(items[index]!),
  });
  return (
    <div
      ref={(el) => {
        if (el) setOffset(el.offsetTop);
      }}
      className="relative w-full"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          data-index={row.index}
          ref={virtualizer.measureElement}
          role="listitem"
          className="absolute top-0 left-0 w-full"
          style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
        >
          {renderItem(items[row.index]!)}
        </div>
      ))}
    </div>
  );
}

/** Loads the next page when the end of the list comes near; a button does the same for keyboards. */
function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: Omit<Props<never>, 'items' | 'getKey' | 'renderItem' | 'label'>) {
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
  const { items, getKey, renderItem, label } = props;
  return (
    <>
      <div role="list" aria-label={label}>
        {items.length > VIRTUALIZE_AFTER ? (
          <VirtualRows items={items} getKey={getKey} renderItem={renderItem} />
        ) : (
          items.map((item) => (
            <div role="listitem" key={getKey(item)}>
              {renderItem(item)}
            </div>
          ))
        )}
      </div>
      <LoadMore
        hasNextPage={props.hasNextPage}
        isFetchingNextPage={props.isFetchingNextPage}
        fetchNextPage={props.fetchNextPage}
      />
    </>
  );
}
