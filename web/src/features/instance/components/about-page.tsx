import type { InstanceInfo, UserSummary } from '@sync/contract';
import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { buttonClass } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { useInstance } from '../../../entities/instance';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { strings } from './strings';

const sectionClass = 'border-b border-zinc-200 px-4 py-6 dark:border-zinc-800';
const h2 = 'mb-3 text-lg font-bold text-zinc-900 dark:text-zinc-50';
const muted = 'text-sm text-zinc-600 dark:text-zinc-400';

function Person({ user, role }: { user: UserSummary; role: string }) {
  return (
    <li className="flex items-center gap-3">
      <Avatar user={user} />
      <div className="min-w-0">
        <Link
          to={`/profile/${user.username}`}
          className="block truncate text-sm font-semibold text-zinc-900 hover:underline focus-ring dark:text-zinc-50"
        >
          {user.firstName} {user.lastName}
        </Link>
        <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">
          @{user.username} · {role}
        </p>
      </div>
    </li>
  );
}

function WhoRunsIt({ instance }: { instance: InstanceInfo }) {
  const { owner, moderators, contactEmail } = instance;
  return (
    <section aria-labelledby="about-who" className={sectionClass}>
      <h2 id="about-who" className={h2}>
        {strings.whoHeading}
      </h2>
      {owner || moderators.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {owner && <Person user={owner} role={strings.roles.owner} />}
          {moderators.map((moderator) => (
            <Person key={moderator._id} user={moderator} role={strings.roles[moderator.role]} />
          ))}
        </ul>
      ) : (
        <p className={muted}>{strings.nobody}</p>
      )}
      {contactEmail && (
        <p className="mt-4 flex items-center gap-2 text-sm">
          <Mail className="size-4 text-zinc-600 dark:text-zinc-400" aria-hidden="true" />
          {strings.contact}{' '}
          <a
            href={`mailto:${contactEmail}`}
            className="font-semibold text-teal-700 hover:underline focus-ring dark:text-teal-400"
          >
            {contactEmail}
          </a>
        </p>
      )}
    </section>
  );
}

function Rules({ instance }: { instance: InstanceInfo }) {
  return (
    <section aria-labelledby="about-rules" className={sectionClass}>
      <h2 id="about-rules" className={h2}>
        {strings.rulesHeading}
      </h2>
      {instance.rules.length === 0 ? (
        <p className={muted}>{strings.noRules}</p>
      ) : (
        <ol className="flex list-decimal flex-col gap-3 pl-6 marker:font-semibold">
          {instance.rules.map((rule) => (
            <li key={rule.id} className="text-[15px] text-zinc-900 dark:text-zinc-100">
              {rule.text}
              {rule.hint && <p className={`mt-0.5 ${muted}`}>{rule.hint}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function HowToJoin({ instance }: { instance: InstanceInfo }) {
  const signedIn = useSession() !== null;
  const { mode, message } = instance.registrations;
  return (
    <section aria-labelledby="about-join" className={sectionClass}>
      <h2 id="about-join" className={h2}>
        {strings.joinHeading}
      </h2>
      <p className="text-[15px] text-zinc-900 dark:text-zinc-100">{strings.modes[mode]}</p>
      {message && <p className={`mt-2 whitespace-pre-wrap ${muted}`}>{message}</p>}
      {!signedIn && (
        <div className="mt-4 flex flex-wrap gap-3">
          {mode !== 'closed' && (
            <Link to="/signup" className={buttonClass('primary')}>
              {strings.signUp}
            </Link>
          )}
          <Link to="/login" className={buttonClass('secondary')}>
            {strings.logIn}
          </Link>
        </div>
      )}
    </section>
  );
}

/** `/about`, for visitors and members alike: what this community is, who runs it, its rules, how to join. */
export function AboutPage() {
  const instance = useInstance();
  const title = instance.data?.title || strings.defaultTitle;
  usePageTitle(instance.data ? `${strings.pageTitle} ${title}` : strings.pageTitle);

  if (instance.isPending) return <ListSkeleton count={2} label={strings.loading} />;
  if (instance.isError) {
    return <ErrorState message={instance.error.message} onRetry={() => void instance.refetch()} />;
  }
  const info = instance.data;
  return (
    <article aria-labelledby="about-title">
      <header className={sectionClass}>
        <h1 id="about-title" className="text-2xl font-bold wrap-anywhere text-zinc-900 dark:text-zinc-50">
          {title}
        </h1>
        {info.description && (
          <p className="mt-3 text-[15px] leading-relaxed whitespace-pre-wrap text-zinc-800 dark:text-zinc-200">
            {info.description}
          </p>
        )}
      </header>
      <WhoRunsIt instance={info} />
      <Rules instance={info} />
      <HowToJoin instance={info} />
    </article>
  );
}
