import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/error-state';

export default function NotFoundRoute() {
  return (
    <EmptyState>
      This page doesn't exist.
      <br />
      <Link
        to="/"
        className="mt-3 inline-block font-semibold text-teal-700 hover:underline focus-ring dark:text-teal-400"
      >
        Back to Home
      </Link>
    </EmptyState>
  );
}
