import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { RECOMMENDED_COUNT, useSuggestions } from '../api/users';
import { FollowButton } from './follow-button';
import { PersonRow } from './person-row';

type SuggestedProps = {
  limit?: number;
  /** Someone not to suggest: the person whose profile the panel is beside (asked for one more instead). */
  excluding?: string | undefined;
};

/** Suggested people with Follow buttons: the side panel (4) and the People page (more). */
export function SuggestedPeople({ limit = RECOMMENDED_COUNT, excluding }: SuggestedProps) {
  const suggestions = useSuggestions(excluding === undefined ? limit : limit + 1);
  if (suggestions.isPending) {
    return (
      <div className="space-y-3" role="status" aria-label="Loading suggested people">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center gap-3">
            <Skeleton shape="circle" className="size-11" />
            <Skeleton className="h-3.5 w-32" />
          </div>
        ))}
      </div>
    );
  }
  if (suggestions.isError) {
    return <ErrorState message={suggestions.error.message} onRetry={() => void suggestions.refetch()} />;
  }
  const people = suggestions.data.filter((user) => user.username !== excluding).slice(0, limit);
  if (people.length === 0) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">You follow everyone here already.</p>;
  }
  return (
    <ul className="space-y-3">
      {people.map((user) => (
        <li key={user._id}>
          <PersonRow user={user} detail={user.bio} action={<FollowButton user={user} />} />
        </li>
      ))}
    </ul>
  );
}

export function RecommendedPeople({ excluding }: { excluding?: string | undefined }) {
  return (
    <section
      aria-labelledby="recommended-heading"
      className="rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <h2 id="recommended-heading" className="mb-3 text-base font-bold text-zinc-900 dark:text-zinc-50">
        Recommended People
      </h2>
      <SuggestedPeople excluding={excluding} />
      <Link
        to="/people"
        className="mt-3 inline-block text-sm font-semibold text-teal-700 hover:underline focus-ring dark:text-teal-400"
      >
        Show more people
      </Link>
    </section>
  );
}
