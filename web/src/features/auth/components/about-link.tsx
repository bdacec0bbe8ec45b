import { Link } from 'react-router';

/** Below the login and sign-up cards: what this community is, its rules and who runs it. */
export function AboutLink() {
  return (
    <p className="mt-4 text-center text-sm">
      <Link to="/about" className="font-semibold text-teal-700 hover:underline focus-ring dark:text-teal-400">
        About this community
      </Link>
    </p>
  );
}
