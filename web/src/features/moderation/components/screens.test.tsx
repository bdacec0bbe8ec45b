import type {
  AdminAccount,
  AdminAccountReply,
  AdminReport,
  AdminReportsReply,
  AuditLogReply,
  Role,
} from '@sync/contract';
import { QueryClient, QueryClientProvider, type InfiniteData } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../../lib/session';
import { sessionUser } from '../../../lib/test/session-users';
import { moderationKeys } from '../api/moderation';
import { AccountDetail } from './account-detail';
import { AuditLog } from './audit-log';
import { ReportDetail } from './report-detail';
import { ReportsQueue } from './reports-queue';

/**
 * The screens' states from what the query cache holds: nothing asked for yet (loading), a failed
 * request (jsdom has no server to reach: the client's own "Could not reach the server"), and answers
 * put in the cache as the server gives them.
 */

const summary = (username: string) => ({
  _id: `id-${username}`,
  username,
  firstName: username.split('.')[0] ?? username,
  lastName: 'Person',
  avatarURL: '',
});

function signIn(username: string, role: Role) {
  setSession('token', sessionUser(role, summary(username)));
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

function account(username: string, extra: Partial<AdminAccount> = {}): AdminAccount {
  return {
    ...summary(username),
    email: `${username}@example.com`,
    role: 'user',
    createdAt: hoursAgo(100),
    suspension: null,
    limit: null,
    pending: null,
    ...extra,
  };
}

function report(id: string, extra: Partial<AdminReport> = {}): AdminReport {
  return {
    id,
    category: 'violation',
    comment: 'Keeps posting this at me.',
    rules: [{ id: 'r1', text: 'No harassment' }],
    items: [
      {
        postId: 'p1',
        commentId: null,
        content: 'The original words, before any edit',
        postedAt: hoursAgo(5),
        media: [],
      },
    ],
    state: 'open',
    createdAt: hoursAgo(3),
    updatedAt: hoursAgo(3),
    resolvedAt: null,
    reporter: summary('lena.hoffmann'),
    target: { ...summary('troll.account'), createdAt: hoursAgo(100), suspendedAt: null, limitedAt: null },
    assignedTo: null,
    resolvedBy: null,
    targetOtherReports: 0,
    ...extra,
  };
}

const pages = <T,>(page: T): InfiniteData<T, string | null> => ({ pages: [page], pageParams: [null] });

let client: QueryClient;

function show(children: ReactNode, path = '/') {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  signIn('maya.chen', 'owner');
});

afterEach(() => {
  cleanup();
  client.clear();
  clearSession();
});

describe('the reports queue', () => {
  it('shows it is loading, then the failure with a Retry', async () => {
    show(<ReportsQueue />);
    expect(screen.getByRole('status', { name: 'Loading open reports' })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not reach the server');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('lists each open report: who reported whom, why, when, and who is on it', () => {
    client.setQueryData(
      moderationKeys.reports(false),
      pages<AdminReportsReply>({
        reports: [
          report('r1', { assignedTo: summary('maya.chen') }),
          report('r2', { category: 'spam', rules: [] }),
        ],
        nextCursor: null,
      }),
    );
    show(<ReportsQueue />);
    const list = screen.getByRole('list', { name: 'Open reports' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const first = rows[0]!;
    const link = within(first).getByRole('link', { name: '@lena.hoffmann reported @troll.account' });
    expect(link.getAttribute('href')).toBe('/moderation/reports/r1');
    expect(first.textContent).toContain('Breaks a rule');
    expect(first.textContent).toContain('Rules cited: No harassment');
    expect(first.textContent).toContain('Keeps posting this at me.');
    expect(first.textContent).toContain('3 hours ago');
    expect(first.textContent).toContain('Assigned to @maya.chen');
    expect(rows[1]!.textContent).toContain('Spam');
    expect(rows[1]!.textContent).toContain('Unassigned');
  });

  it('says so when there is nothing to handle, and the Resolved tab reads the resolved reports', () => {
    client.setQueryData(
      moderationKeys.reports(false),
      pages<AdminReportsReply>({ reports: [], nextCursor: null }),
    );
    client.setQueryData(
      moderationKeys.reports(true),
      pages<AdminReportsReply>({
        reports: [
          report('r3', { state: 'resolved', resolvedAt: hoursAgo(1), resolvedBy: summary('maya.chen') }),
        ],
        nextCursor: null,
      }),
    );
    show(<ReportsQueue />);
    expect(screen.getByText(/No open reports/)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Resolved' }));
    const list = screen.getByRole('list', { name: 'Resolved reports' });
    expect(list.textContent).toContain('Resolved by @maya.chen');
  });
});

describe('a report’s page', () => {
  const target = account('troll.account');
  const history = (extra: Partial<AdminAccountReply> = {}): AdminAccountReply => ({
    account: target,
    actions: [],
    reports: [report('r1'), report('older', { comment: 'An older one' })],
    ...extra,
  });

  it('shows the reported post as it was, the reporter’s reasons, and the actions on the account', () => {
    client.setQueryData(moderationKeys.report('r1'), report('r1'));
    client.setQueryData(moderationKeys.account('troll.account'), history());
    show(<ReportDetail id="r1" />);
    expect(
      screen.getByRole('heading', { level: 2, name: '@lena.hoffmann reported @troll.account' }),
    ).toBeTruthy();
    const content = screen.getByRole('region', { name: 'Reported posts and comments' });
    expect(within(content).getByText('The original words, before any edit').tagName).toBe('BLOCKQUOTE');
    expect(within(content).getByRole('link', { name: 'Open the post' }).getAttribute('href')).toBe(
      '/post/p1',
    );
    expect(within(content).getByRole('button', { name: 'Delete post…' })).toBeTruthy();

    expect(screen.getByRole('button', { name: 'Assign to me' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resolve…' })).toBeTruthy();
    const about = screen.getByRole('region', { name: 'The reported account' });
    for (const name of ['Warn…', 'Limit…', 'Suspend…'])
      expect(within(about).getByRole('button', { name })).toBeTruthy();
    // The other report about the account, not this one again.
    const others = within(about).getAllByRole('link', { name: /reported @troll.account/ });
    expect(others.map((link) => link.getAttribute('href'))).toEqual(['/moderation/reports/older']);
  });

  it('offers the reverse of what holds: Unassign to its assignee, Reopen once resolved, Unsuspend', () => {
    client.setQueryData(
      moderationKeys.report('r1'),
      report('r1', { assignedTo: summary('maya.chen'), state: 'resolved', resolvedAt: hoursAgo(1) }),
    );
    client.setQueryData(
      moderationKeys.account('troll.account'),
      history({
        account: account('troll.account', { suspension: { since: hoursAgo(1), endsAt: null } }),
        actions: [
          {
            id: 'a1',
            type: 'suspend',
            text: 'Harassment after two warnings',
            moderator: summary('maya.chen'),
            reportId: 'r1',
            endsAt: null,
            createdAt: hoursAgo(1),
          },
        ],
      }),
    );
    show(<ReportDetail id="r1" />);
    expect(screen.getByRole('button', { name: 'Unassign' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reopen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unsuspend' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Suspend…' })).toBeNull();
    const history_ = screen.getByRole('list', { name: 'Moderation history' });
    expect(history_.textContent).toContain('Suspended');
    expect(history_.textContent).toContain('by @maya.chen');
    expect(history_.textContent).toContain('Harassment after two warnings');
  });

  it('a moderator is not offered actions on an admin', () => {
    signIn('mo.derator', 'moderator');
    client.setQueryData(moderationKeys.report('r1'), report('r1'));
    client.setQueryData(
      moderationKeys.account('troll.account'),
      history({ account: account('troll.account', { role: 'admin' }) }),
    );
    show(<ReportDetail id="r1" />);
    expect(screen.queryByRole('button', { name: 'Suspend…' })).toBeNull();
    expect(screen.getByText('Only someone with a higher role can act on this account.')).toBeTruthy();
  });
});

describe('an account’s page', () => {
  it('the owner may give any role below their own', () => {
    client.setQueryData(moderationKeys.account('troll.account'), {
      account: account('troll.account'),
      actions: [],
      reports: [],
    } satisfies AdminAccountReply);
    show(<AccountDetail username="troll.account" />);
    const role = screen.getByRole('combobox', { name: 'New role' });
    expect([...role.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Admin',
      'Moderator',
      'User',
    ]);
    expect(screen.getByText('No moderator has acted on this account.')).toBeTruthy();
    expect(screen.getByText('Nobody has reported this account.')).toBeTruthy();
  });

  it('a moderator sees no role form; a pending sign-up offers Approve and Reject with its reason', () => {
    signIn('mo.derator', 'moderator');
    client.setQueryData(moderationKeys.account('new.person'), {
      account: account('new.person', { pending: { since: hoursAgo(2), reason: 'I run the book club' } }),
      actions: [],
      reports: [],
    } satisfies AdminAccountReply);
    show(<AccountDetail username="new.person" />);
    expect(screen.queryByRole('combobox', { name: 'New role' })).toBeNull();
    expect(screen.getByText('I run the book club')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve @new.person' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reject @new.person…' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Suspend…' })).toBeNull();
  });

  it('on one’s own account, no action is offered', async () => {
    client.setQueryData(moderationKeys.account('maya.chen'), {
      account: account('maya.chen', { role: 'owner' }),
      actions: [],
      reports: [],
    } satisfies AdminAccountReply);
    show(<AccountDetail username="maya.chen" />);
    await waitFor(() => expect(screen.getByText('This is your own account.')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Warn…' })).toBeNull();
  });
});

describe('the audit log', () => {
  it('says who did what to whom, when and why; the server by name, people by @username', () => {
    client.setQueryData(
      moderationKeys.auditLog,
      pages<AuditLogReply>({
        entries: [
          {
            id: 'e1',
            actor: { username: 'maya.chen' },
            action: 'suspend',
            targetType: 'account',
            targetId: 'id-troll',
            targetLabel: 'troll.account',
            reason: 'Harassment',
            createdAt: hoursAgo(2),
          },
          {
            id: 'e2',
            actor: { username: 'scheduled job' },
            action: 'suspension_ended',
            targetType: 'account',
            targetId: 'id-other',
            targetLabel: 'other.account',
            reason: '',
            createdAt: hoursAgo(3),
          },
          {
            id: 'e3',
            actor: { username: 'maya.chen' },
            action: 'something_new',
            targetType: 'thing',
            targetId: 't',
            targetLabel: 'A thing',
            reason: '',
            createdAt: hoursAgo(4),
          },
        ],
        nextCursor: null,
      }),
    );
    show(<AuditLog />);
    const rows = within(screen.getByRole('list', { name: 'Audit log' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '@maya.chen suspended @troll.account · 2 hours agoReason: Harassment',
      'scheduled job ended the timed suspension of @other.account · 3 hours ago',
      '@maya.chen something new A thing · 4 hours ago',
    ]);
  });
});
