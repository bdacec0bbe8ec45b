import { Link } from 'react-router';

/** A link in the text of the cards outside the app's frame (log in, join, the email links' pages). */
export const authLinkClass = 'font-semibold text-teal-700 hover:underline focus-ring dark:text-teal-400';

/** Below the login and sign-up cards: what this community is, its rules and who runs it. */
export function AboutLink() {
  return (
    <p className="mt-4 text-center text-sm">
      <Link to="/about" className={authLinkClass}>
        About this community
      </Link>
    </p>
  );
}
