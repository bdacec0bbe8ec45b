import type {
  BlocksReply,
  MuteBody,
  MutesReply,
  Relationship,
  RelationshipReply,
  ShowRepostsBody,
} from '@sync/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { notificationKeys } from '../../../entities/notifications';
import { postKeys, removePostsBy } from '../../../entities/posts';
import { userKeys } from '../../../entities/users';
import { api } from '../../../lib/api-client';
import { PAGE_SIZE } from '../../../lib/query-client';
import { getSession, updateSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { MUTE_DURATIONS, strings, type MuteDurationSeconds } from '../strings';

export const safetyKeys = {
  relationship: (username: string) => ['safety', 'relationship', username] as const,
  blocks: ['safety', 'blocks'] as const,
  mutes: ['safety', 'mutes'] as const,
  recentPosts: (username: string) => ['safety', 'recent-posts', username] as const,
};

const userPath = (username: string, what: 'relationship' | 'block' | 'mute') =>
  `/users/${encodeURIComponent(username)}/${what}`;

/** How I stand with someone (a block either way, a mute); not asked about oneself. */
export function useRelationship(username: string, enabled = true) {
  return useQuery({
    queryKey: safetyKeys.relationship(username),
    queryFn: async () => (await api<RelationshipReply>(userPath(username, 'relationship'))).relationship,
    enabled,
  });
}

type PeoplePages = InfiniteData<{ users: { username: string }[]; nextCursor: string | null }>;

/** Takes someone out of a loaded list of blocked or muted people, where they were. */
function dropFromList(client: QueryClient, key: readonly unknown[], username: string) {
  client.setQueryData<PeoplePages>(key, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            users: page.users.filter((user) => user.username !== username),
          })),
        }
      : data,
  );
}

/**
 * What a new relationship changes on screen. Blocked or muted: their posts leave every list at once
 * (the server leaves them out of what comes next), but a mute leaves their own profile's. Unblocked or unmuted: the lists are asked again, so
 * their posts come back. A block ends follows both ways: the profiles, the lists of people and my
 * own following change with it.
 */
function applyRelationship(client: QueryClient, relationship: Relationship) {
  const { username } = relationship;
  client.setQueryData(safetyKeys.relationship(username), relationship);
  if (relationship.blocking || relationship.muting)
    removePostsBy(client, username, { keepTheirProfile: !relationship.blocking });
  else void client.invalidateQueries({ queryKey: postKeys.lists });
  void client.invalidateQueries({ queryKey: notificationKeys.list });
  void client.invalidateQueries({ queryKey: notificationKeys.unread });
  void client.invalidateQueries({ queryKey: userKeys.all });
  // Settings' lists: someone no longer there leaves at once; someone new is fetched when next shown.
  if (!relationship.blocking) dropFromList(client, safetyKeys.blocks, username);
  if (!relationship.muting) dropFromList(client, safetyKeys.mutes, username);
  void client.invalidateQueries({ queryKey: safetyKeys.blocks, refetchType: 'none' });
  void client.invalidateQueries({ queryKey: safetyKeys.mutes, refetchType: 'none' });
  const me = getSession()?.user;
  if (me && !relationship.following && me.following.some((user) => user.username === username)) {
    updateSessionUser({
      following: me.following.filter((user) => user.username !== username),
      followingCount: Math.max(0, me.followingCount - 1),
    });
  }
}

export async function setBlocked(client: QueryClient, username: string, block: boolean) {
  const reply = await api<RelationshipReply>(userPath(username, 'block'), {
    method: block ? 'POST' : 'DELETE',
  });
  applyRelationship(client, reply.relationship);
  return reply.relationship;
}

export type MuteChoice = { notifications: boolean; durationSeconds: MuteDurationSeconds };

/** Mutes with the choice made, or unmutes (null). */
export async function setMuted(client: QueryClient, username: string, mute: MuteChoice | null) {
  const body: MuteBody | undefined = mute ?? undefined;
  const reply = await api<RelationshipReply>(userPath(username, 'mute'), {
    method: mute ? 'POST' : 'DELETE',
    body,
  });
  applyRelationship(client, reply.relationship);
  return reply.relationship;
}

function muteText({ durationSeconds }: MuteChoice) {
  const chosen = MUTE_DURATIONS.find((duration) => duration.seconds === durationSeconds);
  return durationSeconds === null || !chosen
    ? strings.mute.doneIndefinitely
    : strings.mute.doneFor(chosen.label);
}

/**
 * Block or unblock. Blocking says so in a toast with Undo. The toast and the cache updates run from the
 * mutation itself, not the caller: the post card that asked is gone with the author's posts by then.
 */
export function useBlock() {
  const client = useQueryClient();
  const unblock = (username: string) =>
    setBlocked(client, username, false).then(
      () => toastSuccess(strings.block.undone(username), strings.block.undoneText),
      (error: Error) => toastError(strings.block.unblockFailed(username), error.message),
    );
  return useMutation({
    mutationFn: ({ username, block }: { username: string; block: boolean }) =>
      setBlocked(client, username, block),
    onSuccess: (_relationship, { username, block }) => {
      if (!block) return toastSuccess(strings.block.undone(username), strings.block.undoneText);
      toastSuccess(strings.block.done(username), strings.block.doneText, {
        label: strings.undo,
        onClick: () => void unblock(username),
      });
    },
  });
}

/** Mute (with the choice made) or unmute (null); muting says so in a toast with Undo. */
export function useMute() {
  const client = useQueryClient();
  const unmute = (username: string) =>
    setMuted(client, username, null).then(
      () => toastSuccess(strings.mute.undone(username), strings.mute.undoneText),
      (error: Error) => toastError(strings.mute.unmuteFailed(username), error.message),
    );
  return useMutation({
    mutationFn: ({ username, mute }: { username: string; mute: MuteChoice | null }) =>
      setMuted(client, username, mute),
    onSuccess: (_relationship, { username, mute }) => {
      if (!mute) return toastSuccess(strings.mute.undone(username), strings.mute.undoneText);
      toastSuccess(strings.mute.done(username), muteText(mute), {
        label: strings.undo,
        onClick: () => void unmute(username),
      });
    },
  });
}

const pageOptions = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor,
};

export function useBlockedAccounts() {
  return useInfiniteQuery({
    queryKey: safetyKeys.blocks,
    queryFn: ({ pageParam }) =>
      api<BlocksReply>('/blocks', { query: { limit: PAGE_SIZE, cursor: pageParam } }),
    ...pageOptions,
  });
}

export function useMutedAccounts() {
  return useInfiniteQuery({
    queryKey: safetyKeys.mutes,
    queryFn: ({ pageParam }) => api<MutesReply>('/mutes', { query: { limit: PAGE_SIZE, cursor: pageParam } }),
    ...pageOptions,
  });
}

/**
 * Hide or show a followed person's reposts in my Following timeline (decision 092); the timeline is
 * asked again with the change.
 */
export function useShowReposts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, show }: { userId: string; show: boolean }) =>
      (
        await api<RelationshipReply>(`/follows/reposts/${encodeURIComponent(userId)}`, {
          method: 'POST',
          body: { show } satisfies ShowRepostsBody,
        })
      ).relationship,
    onSuccess: (relationship) => {
      client.setQueryData(safetyKeys.relationship(relationship.username), relationship);
      void client.invalidateQueries({ queryKey: postKeys.timeline });
    },
  });
}
