import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorState, MissingPage } from '../../../components/ui/error-state';
import { SelectField } from '../../../components/ui/field';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { useMe } from '../../../lib/session';
import type { AdminAccount, Role } from '@sync/contract';
import { assignableRoles, isBelowMe } from '../api/access';
import { useAccount, useChangeRole } from '../api/moderation';
import { AccountActions } from './account-actions';
import { ActionHistory, ReportLinks } from './history';
import { AccountBadges, Fact, linkClass, Part } from './parts';
import { exactDate } from '../../../lib/relative-time';
import { RegistrationDecision } from './registrations-queue';
import { strings } from './strings';

const text = strings.account;

/** Give the account another role: only roles below one's own, to accounts below one's own. */
function RoleForm({ account }: { account: AdminAccount }) {
  const me = useMe();
  const [role, setRole] = useState<Role>(account.role);
  const [done, setDone] = useState('');
  const change = useChangeRole();
  const offered = assignableRoles(me);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending || role === account.role) return;
    setDone('');
    change.mutate(
      { username: account.username, role },
      { onSuccess: () => setDone(text.roleChanged(account.username, strings.roles[role])) },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <SelectField
        label={text.roleLabel}
        fieldClassName="sm:w-56"
        value={role}
        onChange={(event) => setRole(offered.find((r) => r === event.target.value) ?? account.role)}
      >
        {offered.map((value) => (
          <option key={value} value={value}>
            {strings.roles[value]}
          </option>
        ))}
      </SelectField>
      <Button type="submit" variant="secondary" pending={change.isPending}>
        {text.changeRole}
      </Button>
      {change.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {change.error.message}
        </p>
      )}
      <p role="status" className="text-sm text-zinc-700 empty:hidden dark:text-zinc-300">
        {done}
      </p>
    </form>
  );
}

/** An account's page: who it is, what can be done to it, what was done to it, and its reports. */
export function AccountDetail({ username }: { username: string }) {
  const me = useMe();
  const query = useAccount(username);
  const [decided, setDecided] = useState('');
  if (query.isPending) return <ListSkeleton label={strings.loading(strings.sections.accounts)} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return <MissingPage message={text.notFound} />;
    return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  const { account, actions, reports } = query.data;
  const mayChangeRole =
    assignableRoles(me).length > 0 && account.username !== me.username && isBelowMe(me, account.role);
  return (
    <>
      <Part id="account-heading" title={`${account.firstName} ${account.lastName} (@${account.username})`}>
        <AccountBadges account={account} />
        <dl className="flex flex-col gap-2">
          <Fact label={text.email}>{account.email}</Fact>
          <Fact label={text.role}>{strings.roles[account.role]}</Fact>
          <Fact label={text.joined}>{exactDate(account.createdAt)}</Fact>
          {account.pending && (
            <Fact label={text.signupReason}>{account.pending.reason || strings.registrations.noReason}</Fact>
          )}
        </dl>
        <Link
          to={`/profile/${encodeURIComponent(account.username)}`}
          className={`self-start text-sm ${linkClass}`}
        >
          {text.profile}
        </Link>
      </Part>
      <Part id="account-actions-heading" title={text.actionsHeading}>
        {account.pending ? (
          <RegistrationDecision account={account} onDone={setDecided} />
        ) : (
          <AccountActions account={account} />
        )}
        <p role="status" className="text-sm text-zinc-700 empty:hidden dark:text-zinc-300">
          {decided}
        </p>
      </Part>
      {mayChangeRole && (
        <Part id="account-role-heading" title={text.roleHeading}>
          <RoleForm account={account} />
        </Part>
      )}
      <Part id="account-history-heading" title={strings.history.heading}>
        <ActionHistory actions={actions} />
      </Part>
      <Part id="account-reports-heading" title={text.reportsHeading}>
        <ReportLinks reports={reports} empty={text.noReports} />
      </Part>
    </>
  );
}
