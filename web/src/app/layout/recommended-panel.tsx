import { lazy, Suspense } from 'react';

// The side column shows on large screens only; its code (and its request) wait until it does.
const RecommendedPeople = lazy(() =>
  import('../../features/users').then((users) => ({ default: users.RecommendedPeople })),
);

export function RecommendedPanel() {
  return (
    <Suspense>
      <RecommendedPeople />
    </Suspense>
  );
}
