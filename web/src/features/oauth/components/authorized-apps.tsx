import type { AuthorizedApp } from '@sync/contract';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { toastError } from '../../../lib/toast';
import { useAuthorizedApps, useRevokeApp } from '../api/oauth';
import { strings } from './strings';
import { ScopeList } from './scope-list';
import { WebsiteLink } from './website-link';

const text = strings.apps;
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOf = (iso: string) => when.format(new Date(iso));

function AppEntry({ app, onRevoke }: { app: AuthorizedApp; onRevoke: () => void }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-zinc-200 p-4 sm:flex-row sm:items-start sm:justify-between dark:border-zinc-800">
      <div className="flex min-w-0 flex-col gap-1.5 text-sm">
        <h3 className="font-semibold text-zinc-900 dark:text-zinc-100">{app.name}</h3>
        {app.website && <WebsiteLink href={app.website} />}
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {text.authorizedAt(dateOf(app.authorizedAt))} ·{' '}
          {app.lastUsedAt ? text.lastUsedAt(dateOf(app.lastUsedAt)) : text.neverUsed}
        </p>
        <p className="sr-only">{text.scopesLabel}</p>
        <div className="text-zinc-700 dark:text-zinc-300">
          <ScopeList scopes={app.scopes} />
        </div>
      </div>
      <div className="shrink-0">
        <Button variant="secondary" size="sm" aria-label={text.revokeLabel(app.name)} onClick={onRevoke}>
          {text.revoke}
        </Button>
      </div>
    </li>
  );
}

/** Settings → Authorized apps: the Mastodon apps with access to the account, each with Revoke. */
export function AuthorizedApps() {
  const apps = useAuthorizedApps();
  const revoke = useRevokeApp();
  // The app the dialog asks about stays set while the dialog closes, so its text does not blank out.
  const [asked, setAsked] = useState<AuthorizedApp | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [revoked, setRevoked] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  const confirm = () => {
    if (!asked || revoke.isPending) return;
    const { id, name } = asked;
    revoke.mutate(id, {
      onSuccess: () => {
        setConfirming(false);
        setRevoked(text.revoked(name));
        // Its Revoke button is gone with it: after the dialog hands focus back, the section takes it.
        requestAnimationFrame(() => heading.current?.focus());
      },
      onError: (error) => {
        setConfirming(false);
        toastError(text.confirmTitle(name), error.message);
      },
    });
  };

  const list = apps.data?.apps;
  return (
    <section aria-labelledby="authorized-apps-heading" className="flex flex-col gap-3">
      <h2 id="authorized-apps-heading" ref={heading} tabIndex={-1} className="text-base font-bold focus-ring">
        {text.heading}
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{text.intro}</p>
      {apps.isPending ? (
        <div role="status" aria-label={text.loading}>
          <Skeleton shape="card" className="h-20 w-full" />
        </div>
      ) : apps.isError ? (
        <ErrorState message={apps.error.message} onRetry={() => void apps.refetch()} />
      ) : list && list.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {list.map((app) => (
            <AppEntry
              key={app.id}
              app={app}
              onRevoke={() => {
                setAsked(app);
                setConfirming(true);
              }}
            />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {text.empty} {text.howToAdd(window.location.host)}
        </p>
      )}
      <p role="status" className="text-sm text-zinc-700 empty:hidden dark:text-zinc-300">
        {revoked}
      </p>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={asked ? text.confirmTitle(asked.name) : ''}
        description={asked ? text.confirmText(asked.name) : ''}
        confirmLabel={text.revoke}
        pending={revoke.isPending}
        onConfirm={confirm}
      />
    </section>
  );
}
