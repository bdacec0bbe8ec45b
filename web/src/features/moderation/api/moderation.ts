import type {
  AccountActionBody,
  AccountActionReply,
  AccountStatus,
  AdminAccountReply,
  AdminAccountsReply,
  AdminReportReply,
  AdminReportsReply,
  AuditLogReply,
  DeletedReply,
  EmailDomainBlock,
  EmailDomainBlockReply,
  EmailDomainBlocksReply,
  InstanceRule,
  InstanceSettings,
  Invite,
  InstanceSettingsReply,
  InviteReply,
  InvitesReply,
  RegistrationReply,
  Role,
  RoleReply,
  RuleBody,
  RuleReply,
  RulesReply,
  UserReply,
} from '@sync/contract';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { instanceKeys } from '../../../entities/instance';
import { userKeys } from '../../../entities/users';
import { api, apiDownload } from '../../../lib/api-client';
import { PAGE_SIZE } from '../../../lib/query-client';
import { updateSessionUser, useMe } from '../../../lib/session';

/** Which accounts the list shows: a status (all when absent) and the words searched for. */
export type AccountFilter = { status?: AccountStatus; query: string };

export const moderationKeys = {
  /** The signed-in person's role, read fresh when they open the area (it may have changed since login). */
  me: ['moderation', 'me'] as const,
  /** Everything the area reads from /api/admin: what a moderator's action may change. */
  data: ['moderation', 'data'] as const,
  reports: (resolved: boolean) => ['moderation', 'data', 'reports', { resolved }] as const,
  report: (id: string) => ['moderation', 'data', 'report', id] as const,
  accounts: (filter: AccountFilter) => ['moderation', 'data', 'accounts', filter] as const,
  account: (username: string) => ['moderation', 'data', 'account', username] as const,
  auditLog: ['moderation', 'data', 'audit-log'] as const,
  rules: ['moderation', 'data', 'rules'] as const,
  settings: ['moderation', 'data', 'settings'] as const,
  invites: ['moderation', 'data', 'invites'] as const,
  emailDomains: ['moderation', 'data', 'email-domain-blocks'] as const,
  /** A reported image's file: it never changes, and a moderator's action does not reread it. */
  keptImage: (url: string) => ['moderation', 'kept-image', url] as const,
};

const path = (...parts: string[]) => `/admin/${parts.map(encodeURIComponent).join('/')}`;

/**
 * The signed-in person's own answer carries their role and permissions: a role given or taken since
 * they logged in shows in the navigation from here on.
 */
export function useOwnRole() {
  const me = useMe();
  return useQuery({
    queryKey: moderationKeys.me,
    queryFn: async () => {
      const { user } = await api<UserReply>(`/users/${encodeURIComponent(me.username)}`, {
        query: { preview: 'true' },
      });
      if (user.role && user.permissions)
        updateSessionUser({ role: user.role, permissions: user.permissions });
      return user.role ?? null;
    },
  });
}

/**
 * After a moderator's write, what the area shows is read again (a suspension changes the account, its
 * reports' page, the queues and the audit log), and so are the people's profiles it may have changed.
 */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: moderationKeys.data }),
      client.invalidateQueries({ queryKey: userKeys.all }),
    ]);
}

// ---- reports ----

export function useReports(resolved: boolean) {
  return useInfiniteQuery({
    queryKey: moderationKeys.reports(resolved),
    queryFn: ({ pageParam }) =>
      api<AdminReportsReply>(path('reports'), {
        query: { resolved: String(resolved), limit: PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useReport(id: string) {
  return useQuery({
    queryKey: moderationKeys.report(id),
    queryFn: async () => (await api<AdminReportReply>(path('reports', id))).report,
  });
}

/**
 * The file of an image a report keeps (`url` as the report gives it, under /api/admin/reports): only
 * staff may fetch it, so it comes with the session's token, as a blob for the screen to show.
 */
export function useKeptImage(url: string) {
  return useQuery({
    queryKey: moderationKeys.keptImage(url),
    queryFn: async () => (await apiDownload(url.replace(/^\/api(?=\/)/, ''), 'image')).blob,
    staleTime: Infinity,
    retry: false,
  });
}

export type ReportStep = 'assign' | 'unassign' | 'resolve' | 'reopen';

export function useReportStep() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, step, note }: { id: string; step: ReportStep; note?: string }) =>
      api<AdminReportReply>(path('reports', id, step), {
        method: 'POST',
        body: note === undefined ? undefined : { note },
      }),
    onSuccess: refresh,
  });
}

// ---- accounts ----

export function useAccounts(filter: AccountFilter) {
  return useInfiniteQuery({
    queryKey: moderationKeys.accounts(filter),
    queryFn: ({ pageParam }) =>
      api<AdminAccountsReply>(path('accounts'), {
        query: { status: filter.status, query: filter.query, limit: PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The account with its moderation history and the reports about it. */
export function useAccount(username: string) {
  return useQuery({
    queryKey: moderationKeys.account(username),
    queryFn: () => api<AdminAccountReply>(path('accounts', username)),
  });
}

export function useAccountAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ username, action }: { username: string; action: AccountActionBody }) =>
      api<AccountActionReply>(path('accounts', username, 'actions'), { method: 'POST', body: action }),
    onSuccess: refresh,
  });
}

/** The registrations queue: the sign-ups waiting for approval. */
export const pendingAccounts: AccountFilter = { status: 'pending', query: '' };

export function useRegistrationDecision() {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ username, decision }: { username: string; decision: 'approve' | 'reject' }) =>
      api<RegistrationReply>(path('accounts', username, decision), { method: 'POST' }),
    onSuccess: (_reply, { username }) => {
      // Gone from the queue at once, so focus can move on from its buttons before the queue is read again.
      client.setQueryData<InfiniteData<AdminAccountsReply>>(
        moderationKeys.accounts(pendingAccounts),
        (old) =>
          old && {
            ...old,
            pages: old.pages.map((page) => ({
              ...page,
              accounts: page.accounts.filter((account) => account.username !== username),
            })),
          },
      );
      return refresh();
    },
  });
}

export function useChangeRole() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ username, role }: { username: string; role: Role }) =>
      api<RoleReply>(path('accounts', username, 'role'), { method: 'PUT', body: { role } }),
    onSuccess: refresh,
  });
}

/** A post, or one of its comments, deleted by a moderator (for the report it answers, if any). */
export type ContentTarget = { postId: string; commentId: string | null };

export function useDeleteContent() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      target,
      reason,
      reportId,
    }: {
      target: ContentTarget;
      reason: string;
      reportId?: string;
    }) =>
      api<DeletedReply>(
        target.commentId
          ? path('posts', target.postId, 'comments', target.commentId)
          : path('posts', target.postId),
        { method: 'DELETE', body: { reason: reason || undefined, reportId } },
      ),
    onSuccess: refresh,
  });
}

// ---- the audit log ----

export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: moderationKeys.auditLog,
    queryFn: ({ pageParam }) =>
      api<AuditLogReply>(path('audit-log'), { query: { limit: PAGE_SIZE, cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

// ---- the server: rules, settings, invites, email domains ----

/** A change to what the About page and the sign-up form show: they read the instance again. */
function useRefreshInstance() {
  const client = useQueryClient();
  const refresh = useRefresh();
  return () => Promise.all([refresh(), client.invalidateQueries({ queryKey: instanceKeys.detail })]);
}

export function useRules() {
  return useQuery({
    queryKey: moderationKeys.rules,
    queryFn: async () => (await api<RulesReply>(path('rules'))).rules,
  });
}

export function useSaveRule() {
  const refresh = useRefreshInstance();
  return useMutation({
    mutationFn: ({ id, rule }: { id: string | null; rule: RuleBody }) =>
      id === null
        ? api<RuleReply>(path('rules'), { method: 'POST', body: rule })
        : api<RuleReply>(path('rules', id), { method: 'PUT', body: rule }),
    onSuccess: refresh,
  });
}

/*
 * A deletion or revocation takes its row's buttons away: the list is changed at once, before it is read
 * again, so focus can move on from them.
 */

export function useDeleteRule() {
  const client = useQueryClient();
  const refresh = useRefreshInstance();
  return useMutation({
    mutationFn: (id: string) => api<DeletedReply>(path('rules', id), { method: 'DELETE' }),
    onSuccess: (_reply, id) => {
      client.setQueryData<InstanceRule[]>(moderationKeys.rules, (old) =>
        old?.filter((rule) => rule.id !== id),
      );
      return refresh();
    },
  });
}

export function useSettings() {
  return useQuery({
    queryKey: moderationKeys.settings,
    queryFn: async () => (await api<InstanceSettingsReply>(path('settings'))).settings,
  });
}

export function useSaveSettings() {
  const refresh = useRefreshInstance();
  return useMutation({
    mutationFn: (settings: InstanceSettings) =>
      api<InstanceSettingsReply>(path('settings'), { method: 'PUT', body: settings }),
    onSuccess: refresh,
  });
}

export function useInvites() {
  return useQuery({
    queryKey: moderationKeys.invites,
    queryFn: async () => (await api<InvitesReply>(path('invites'))).invites,
  });
}

export type InviteInput = { maxUses: number | null; expiresInSeconds: number | null };

export function useCreateInvite() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ maxUses, expiresInSeconds }: InviteInput) =>
      api<InviteReply>(path('invites'), {
        method: 'POST',
        body: { maxUses: maxUses ?? undefined, expiresInSeconds: expiresInSeconds ?? undefined },
      }),
    onSuccess: refresh,
  });
}

export function useRevokeInvite() {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api<InviteReply>(path('invites', id), { method: 'DELETE' }),
    onSuccess: ({ invite }) => {
      client.setQueryData<Invite[]>(moderationKeys.invites, (old) =>
        old?.map((each) => (each.id === invite.id ? invite : each)),
      );
      return refresh();
    },
  });
}

export function useEmailDomainBlocks() {
  return useQuery({
    queryKey: moderationKeys.emailDomains,
    queryFn: async () => (await api<EmailDomainBlocksReply>(path('email-domain-blocks'))).blocks,
  });
}

export function useAddEmailDomainBlock() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (domain: string) =>
      api<EmailDomainBlockReply>(path('email-domain-blocks'), { method: 'POST', body: { domain } }),
    onSuccess: refresh,
  });
}

export function useRemoveEmailDomainBlock() {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (domain: string) =>
      api<DeletedReply>(path('email-domain-blocks', domain), { method: 'DELETE' }),
    onSuccess: (_reply, domain) => {
      client.setQueryData<EmailDomainBlock[]>(moderationKeys.emailDomains, (old) =>
        old?.filter((block) => block.domain !== domain),
      );
      return refresh();
    },
  });
}
