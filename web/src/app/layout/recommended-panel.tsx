import { Suspense } from 'react';
import { lazyPart } from '../../lib/lazy';

// The side column shows on large screens only; its code (and its request) wait until it does.
const RecommendedPeople = lazyPart(() =>
  import('../../features/users').then((users) => ({ default: users.RecommendedPeople })),
);

/** `excluding`: the person whose profile this is beside, never suggested there. */
export function RecommendedPanel({ excluding }: { excluding?: string }) {
  return (
    <Suspense>
      <RecommendedPeople excluding={excluding} />
    </Suspense>
  );
}
