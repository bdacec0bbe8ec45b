import { exactDate, timeAgo } from '../../lib/relative-time';

/** How long ago (the spec's words), with the exact date and time on hover and for machines. */
export function Age({ iso, className }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} title={exactDate(iso)} className={className}>
      {timeAgo(iso)}
    </time>
  );
}
