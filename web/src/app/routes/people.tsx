import { PEOPLE_PAGE_COUNT, SuggestedPeople } from '../../features/users';
import { PageHeader } from '../layout/app-layout';

/** Discovery on every screen size (the side panel is hidden on phones). */
export default function PeopleRoute() {
  return (
    <div className="lg:w-[65%] lg:border-r lg:border-zinc-200 lg:dark:border-zinc-800">
      <PageHeader title="People" />
      <section aria-labelledby="suggested-heading" className="px-4 py-4">
        <h2 id="suggested-heading" className="mb-3 text-base font-bold">
          Suggested for you
        </h2>
        <SuggestedPeople limit={PEOPLE_PAGE_COUNT} />
      </section>
    </div>
  );
}
