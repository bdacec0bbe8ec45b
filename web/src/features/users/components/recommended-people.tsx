import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSuggestions } from '../api/users';

export function RecommendedPeople() {
  const suggestions = useSuggestions();
  return (
    <section
      aria-labelledby="recommended-heading"
      className="rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <h2 id="recommended-heading" className="mb-3 text-base font-bold text-zinc-900 dark:text-zinc-50">
        Recommended People
      </h2>
      {suggestions.isPending ? (
        <div className="space-y-3" role="status" aria-label="Loading recommended people">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex items-center gap-3">
              <Skeleton className="size-11 rounded-full" />
              <Skeleton className="h-3.5 w-32" />
            </div>
          ))}
        </div>
      ) : suggestions.isError ? (
        <ErrorState message={suggestions.error.message} onRetry={() => void suggestions.refetch()} />
      ) : suggestions.data.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">You follow everyone here already.</p>
      ) : (
        <ul className="space-y-3">
          {suggestions.data.map((user) => (
            <li key={user._id} className="flex items-center gap-3">
              <Avatar user={user} />
              <div className="min-w-0">
                <Link
                  to={`/profile/${user.username}`}
                  className="block truncate text-sm font-semibold text-zinc-900 hover:underline focus-ring dark:text-zinc-50"
                >
                  {user.firstName} {user.lastName}
                </Link>
                <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">
                  {user.bio || `@${user.username}`}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
