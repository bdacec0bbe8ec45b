import { AboutPage } from '../../features/instance';

/** `/about`: in the app's frame, signed in or not. */
export default function AboutRoute() {
  return (
    <div className="lg:w-[65%] lg:border-r lg:border-zinc-200 lg:dark:border-zinc-800">
      <AboutPage />
    </div>
  );
}
