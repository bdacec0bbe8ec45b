import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useState, type ReactNode } from 'react';

/** The rows of an `InfiniteList` (kept here so that this file, loaded on demand, imports nothing of it). */
export type RowsProps<T> = {
  items: T[];
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
};

/** The rows near the viewport only, for long lists. */
export default function VirtualRows<T>({ items, getKey, renderItem }: RowsProps<T>) {
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
