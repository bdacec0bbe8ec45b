import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ListSkeleton } from '../../../components/ui/skeleton';
import {
  mayOpen,
  moderationStrings as text,
  ModerationSections,
  NoModerationAccess,
  useOwnRole,
  type Section,
} from '../../../features/moderation';
import { usePageTitle } from '../../../lib/page-title';
import { isStaff, useMe } from '../../../lib/session';

function Header({ title, back }: { title: string; back: string | undefined }) {
  const navigate = useNavigate();
  usePageTitle(`${title} · ${text.area}`);
  return (
    <div className="flex min-h-14 items-center gap-2 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
      {back && (
        <button
          type="button"
          aria-label={text.back}
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(back))}
          className="-ml-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-zinc-100 focus-ring dark:hover:bg-zinc-800"
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </button>
      )}
      <h1 className="min-w-0 text-xl font-bold wrap-anywhere text-zinc-900 dark:text-zinc-50">{title}</h1>
    </div>
  );
}

/**
 * A screen of the moderation area: its h1, the sections the person's role allows, and the screen, or
 * why they cannot see it. `title` names a page inside a section (a report); `back` is where Back goes
 * when there is no history to go back in.
 */
export function ModerationScreen({
  section,
  title,
  back,
  children,
}: {
  section: Section;
  title?: string;
  back?: string;
  children: ReactNode;
}) {
  const me = useMe();
  const role = useOwnRole();
  // Someone made staff since they logged in is told so by the fresh answer: wait for it, not refuse.
  if (!isStaff(me))
    return role.isPending ? <ListSkeleton label={text.loading(text.area)} /> : <NoModerationAccess />;
  const sectionTitle = text.sections[section];
  return (
    <div>
      <Header title={title ?? sectionTitle} back={back} />
      <ModerationSections />
      {mayOpen(me, section) ? (
        children
      ) : (
        <p className="px-4 py-12 text-center text-sm text-zinc-600 dark:text-zinc-400">
          {text.noAccess.section(sectionTitle)}
        </p>
      )}
    </div>
  );
}
