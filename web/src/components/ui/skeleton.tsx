/** The corners: a line of text, a round picture like `Avatar`'s, a card. */
const shapes = { line: 'rounded-md', circle: 'rounded-full', card: 'rounded-xl' } as const;

/**
 * A placeholder's grey shape: its size comes in `className`, its corners from `shape`, since two
 * `rounded-*` classes in one list leave the winner to the stylesheet's order (a round avatar came out
 * square).
 */
export function Skeleton({
  className = '',
  shape = 'line',
}: {
  className?: string;
  shape?: keyof typeof shapes;
}) {
  return <div className={`animate-pulse ${shapes[shape]} bg-zinc-200 dark:bg-zinc-800 ${className}`} />;
}

export function PostSkeleton() {
  return (
    <div className="flex gap-3 border-b border-zinc-200 px-4 py-4 dark:border-zinc-800" aria-hidden="true">
      <Skeleton shape="circle" className="size-11" />
      <div className="flex-1 space-y-2 pt-1">
        <Skeleton className="h-3.5 w-40" />
        <Skeleton className="h-3.5 w-full" />
        <Skeleton className="h-3.5 w-4/5" />
      </div>
    </div>
  );
}

export function ListSkeleton({ count = 3, label = 'Loading' }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <PostSkeleton key={i} />
      ))}
    </div>
  );
}
