import type { AdminAccount, AdminAccountReply, AdminReport, InstanceRule, Role } from '@sync/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../../lib/session';
import { fakeApi, refusal } from '../../../lib/test/fake-api';
import { sessionUser } from '../../../lib/test/session-users';
import { AccountDetail } from './account-detail';
import { ReportDetail } from './report-detail';
import { RulesEditor } from './rules-editor';

/** What the moderators' buttons send, and what they show of the answer (jsdom has no server: fakeApi). */

const summary = (username: string) => ({
  _id: `id-${username}`,
  username,
  firstName: 'Some',
  lastName: 'One',
  avatarURL: '',
});

function signIn(role: Role) {
  setSession('token', sessionUser(role, summary('maya.chen')));
}

const at = '2026-01-01T00:00:00.000Z';

function account(extra: Partial<AdminAccount> = {}): AdminAccount {
  return {
    ...summary('troll.account'),
    email: 'troll@example.com',
    role: 'user',
    createdAt: at,
    suspension: null,
    limit: null,
    pending: null,
    ...extra,
  };
}

const report: AdminReport = {
  id: 'r1',
  category: 'spam',
  comment: '',
  rules: [],
  items: [{ postId: 'p1', commentId: 'c1', content: 'Buy watches', postedAt: at, media: [] }],
  state: 'open',
  createdAt: at,
  updatedAt: at,
  resolvedAt: null,
  reporter: summary('lena.hoffmann'),
  target: { ...summary('troll.account'), createdAt: at, suspendedAt: null, limitedAt: null },
  assignedTo: null,
  resolvedBy: null,
  targetOtherReports: 0,
};

const page = (extra: Partial<AdminAccountReply> = {}): AdminAccountReply => ({
  account: account(),
  actions: [],
  reports: [],
  ...extra,
});

/** A screen's first answers (the report, then its account) may take a while on a busy machine. */
const loaded = (name: string) => screen.findByRole('button', { name }, { timeout: 5_000 });

let restore = () => {};

function show(children: ReactNode, handlers: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(handlers);
  restore = api.restore;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

beforeEach(() => signIn('owner'));

afterEach(() => {
  cleanup();
  restore();
  clearSession();
});

describe('actions on a reported account', () => {
  it('a suspension for 7 days, with its message, answers the report; the page then offers Unsuspend', async () => {
    let suspended = false;
    const api = show(<ReportDetail id="r1" />, {
      'GET /admin/reports/r1': () => ({ body: { report } }),
      'GET /admin/accounts/troll.account': () => ({
        body: page({ account: account(suspended ? { suspension: { since: at, endsAt: null } } : {}) }),
      }),
      'POST /admin/accounts/troll.account/actions': () => {
        suspended = true;
        return { body: { account: account({ suspension: { since: at, endsAt: null } }) } };
      },
    });
    fireEvent.click(await loaded('Suspend…'));
    const dialog = screen.getByRole('dialog', { name: 'Suspend @troll.account' });
    fireEvent.change(within(dialog).getByLabelText('For how long'), {
      target: { value: String(7 * 86_400) },
    });
    fireEvent.change(within(dialog).getByLabelText('Message to the person'), {
      target: { value: '  Spam, again.  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('@troll.account is suspended.')).toBeTruthy();
    expect(api.sent.find((request) => request.method === 'POST')).toMatchObject({
      path: '/admin/accounts/troll.account/actions',
      body: { type: 'suspend', text: 'Spam, again.', durationSeconds: 604_800, reportId: 'r1' },
    });
    expect(await loaded('Unsuspend')).toBeTruthy();
  });

  it('a warning needs its message: without one nothing is sent', async () => {
    const api = show(<ReportDetail id="r1" />, {
      'GET /admin/reports/r1': () => ({ body: { report } }),
      'GET /admin/accounts/troll.account': () => ({ body: page() }),
    });
    fireEvent.click(await loaded('Warn…'));
    const dialog = screen.getByRole('dialog', { name: 'Warn @troll.account' });
    expect(within(dialog).queryByLabelText('For how long')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Warn' }));
    const message = within(dialog).getByLabelText(/Message to the person/);
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(message);
    expect(api.sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('deleting a reported comment names the report, and the server’s refusal is shown in the dialog', async () => {
    const api = show(<ReportDetail id="r1" />, {
      'GET /admin/reports/r1': () => ({ body: { report } }),
      'GET /admin/accounts/troll.account': () => ({ body: page() }),
      'DELETE /admin/posts/p1/comments/c1': () => refusal(404, 'This comment does not exist.'),
    });
    fireEvent.click(await loaded('Delete comment…'));
    const dialog = screen.getByRole('dialog', { name: 'Delete this comment?' });
    fireEvent.change(within(dialog).getByLabelText('Reason (for the audit log)'), {
      target: { value: 'Spam' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete comment' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This comment does not exist.');
    expect(api.sent.at(-1)).toMatchObject({ method: 'DELETE', body: { reason: 'Spam', reportId: 'r1' } });
  });

  it('resolving asks for a note and sends it', async () => {
    const api = show(<ReportDetail id="r1" />, {
      'GET /admin/reports/r1': () => ({ body: { report } }),
      'GET /admin/accounts/troll.account': () => ({ body: page() }),
      'POST /admin/reports/r1/resolve': () => ({
        body: { report: { ...report, state: 'resolved', resolvedAt: at } },
      }),
    });
    fireEvent.click(await loaded('Resolve…'));
    const dialog = screen.getByRole('dialog', { name: 'Resolve this report?' });
    fireEvent.change(within(dialog).getByLabelText('Note (for the other moderators)'), {
      target: { value: 'Suspended for a week' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('Report resolved. The reporter is told.')).toBeTruthy();
    expect(api.sent.find((request) => request.method === 'POST')).toMatchObject({
      path: '/admin/reports/r1/resolve',
      body: { note: 'Suspended for a week' },
    });
  });
});

describe('an account’s role', () => {
  it('is changed with PUT, and says what it became', async () => {
    let role: Role = 'user';
    const api = show(<AccountDetail username="troll.account" />, {
      'GET /admin/accounts/troll.account': () => ({ body: page({ account: account({ role }) }) }),
      'PUT /admin/accounts/troll.account/role': () => {
        role = 'moderator';
        return { body: { account: { username: 'troll.account', role, permissions: [] } } };
      },
    });
    fireEvent.change(await screen.findByRole('combobox', { name: 'New role' }), {
      target: { value: 'moderator' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('@troll.account is now moderator.')).toBeTruthy();
    expect(api.sent.find((request) => request.method === 'PUT')?.body).toEqual({ role: 'moderator' });
  });
});

describe('the rules', () => {
  const rules: InstanceRule[] = [
    { id: 'a', text: 'Be kind', hint: '' },
    { id: 'b', text: 'No spam', hint: 'Ads included' },
  ];

  it('a rule is deleted after asking, and the list’s heading takes focus from its gone button', async () => {
    let left = rules;
    const api = show(<RulesEditor />, {
      'GET /admin/rules': () => ({ body: { rules: left } }),
      'DELETE /admin/rules/b': () => {
        left = rules.slice(0, 1);
        return { body: { deleted: 'b' } };
      },
    });
    fireEvent.click(await loaded('Delete rule 2'));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete rule 2?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Rule deleted.')).toBeTruthy();
    expect(screen.queryByText(/No spam/)).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Current rules' })),
    );
    expect(api.sent.some((request) => request.method === 'DELETE' && request.path === '/admin/rules/b')).toBe(
      true,
    );
  });

  it('a new rule needs its text; with it, it is sent with its explanation', async () => {
    const api = show(<RulesEditor />, {
      'GET /admin/rules': () => ({ body: { rules } }),
      'POST /admin/rules': () => ({
        status: 201,
        body: { rule: { id: 'c', text: 'Respect privacy', hint: 'No doxxing' } },
      }),
    });
    const form = await screen.findByRole('region', { name: 'Add a rule' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add rule' }));
    expect(within(form).getByLabelText(/^Rule/).getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(within(form).getByLabelText(/^Rule/), { target: { value: ' Respect privacy ' } });
    fireEvent.change(within(form).getByLabelText('Explanation (optional)'), {
      target: { value: 'No doxxing' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add rule' }));
    expect(await screen.findByText('Rule added.')).toBeTruthy();
    expect(api.sent.find((request) => request.method === 'POST')?.body).toEqual({
      text: 'Respect privacy',
      hint: 'No doxxing',
    });
  });
});
