const UNITS = [
  { seconds: 31536000, label: 'years' },
  { seconds: 2592000, label: 'Month' },
  { seconds: 86400, label: 'days' },
  { seconds: 3600, label: 'hours' },
  { seconds: 60, label: 'minutes' },
] as const;

/**
 * The spec's relative age: the largest unit with a count strictly above 1, so exactly one of a
 * unit falls through to the next smaller one (86400 s reads '24 hours ago').
 */
export function relativeTime(elapsedSeconds: number): string {
  const seconds = Math.max(0, Math.floor(elapsedSeconds));
  for (const unit of UNITS) {
    const count = seconds / unit.seconds;
    if (count > 1) return `${Math.floor(count)} ${unit.label} ago`;
  }
  return `${seconds} seconds ago`;
}

export function timeAgo(iso: string, now: number = Date.now()): string {
  return relativeTime((now - new Date(iso).getTime()) / 1000);
}

const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A date and time as a person reads it ("12 Mar 2026, 14:05"): a relative age's tooltip, a post's own page. */
export const exactDate = (iso: string) => exact.format(new Date(iso));
