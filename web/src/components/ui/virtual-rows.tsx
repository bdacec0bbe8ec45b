import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useState, type ReactNode } from 'react';

/** The rows of an `InfiniteList` (kept here so that this file, loaded on demand, imports nothing of it). */
export type RowsProps<T> = {
  items: T[];
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /**
   * The row to scroll to (a link's target) once it is among the items; `onReached` then says it was
   * scrolled to, and the owner stops asking, so the reader's own scrolling is not undone later.
   */
  reach?: { key: string; onReached: () => void };
};

/** The rows near the viewport only, for long lists. */
export default function VirtualRows<T>({ items, getKey, renderItem, reach }: RowsProps<T>) {
  const [offset, setOffset] = useState(0);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => 160,
    overscan: 6,
    scrollMargin: offset,
    getItemKey: (index) => getKey(items[index]!),
  });
  const reachedIndex = reach ? items.findIndex((item) => getKey(item) === reach.key) : -1;
  useEffect(() => {
    if (!reach || reachedIndex < 0) return;
    virtualizer.scrollToIndex(reachedIndex, { align: 'center' });
    reach.onReached();
  }, [reach, reachedIndex, virtualizer]);
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
