/**
 * The authorization matrix: every private route × every kind of caller, with the status each must get.
 */
import type { ErrorBody, User } from '@sync/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../platform/http/errors.js';
import {
  deletedUserToken,
  expectError,
  expiredToken,
  forgedToken,
  malformedToken,
  snapshot,
  uniqueName,
} from '../../test/expectations.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { accessToken, registerApp } from '../../test/mastodon.js';
import { routeTable } from '../../test/route-table.js';
import type { Role } from '../../data/schema.js';

type Account = { token: string; user: User };

interface Scene {
  owner: Account;
  other: Account;
  path: string;
  body?: unknown;
}

interface PrivateRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  route: string;
  /** What the owner (the caller entitled to the change) gets. */
  ownerStatus: number;
  /** Edit/delete of a post or comment: another signed-in user gets this 400. */
  foreignMessage?: string;
  /** A moderators' or admins' route: another signed-in user (a plain user) gets 403. */
  staffOnly?: true;
  /** Only the owner may (the quoted post's author detaching a quote): another signed-in user gets 403. */
  ownerOnly?: true;
  /** Builds fresh data for the route and the request the owner may make. */
  prepare(server: TestServer, owner: Account, other: Account): Promise<{ path: string; body?: unknown }>;
}

const createPost = async (server: TestServer, token: string) => {
  const reply = await server.request('POST', '/api/posts', {
    token,
    body: { postData: { content: 'authz post' } },
  });
  if (reply.status !== 201) throw new Error(`create post: ${reply.status}`);
  return reply.body.posts.at(-1)!._id as string;
};
const addComment = async (server: TestServer, token: string, postId: string) => {
  const reply = await server.request('POST', `/api/comments/add/${postId}`, {
    token,
    body: { commentData: { text: 'authz comment' } },
  });
  if (reply.status !== 201) throw new Error(`add comment: ${reply.status}`);
  return reply.body.posts.find((post) => post._id === postId)!.comments.at(-1)!._id as string;
};

/** A report of `other` in the moderators' queue, by someone else. */
const queuedReport = async (server: TestServer, other: Account) => {
  const reporter = await server.signup(uniqueName('reporter'));
  const reply = await server.request('POST', '/api/reports', {
    token: reporter.token,
    body: { username: other.user.username, category: 'spam' },
  });
  if (reply.status !== 201) throw new Error(`report: ${reply.status}`);
  return reply.body.report.id as string;
};

const filterBody = {
  title: 'Spoilers',
  context: ['home'],
  action: 'warn',
  keywords: [{ keyword: 'finale', wholeWord: true }],
};
/** An upload's form: a small PNG in the field `file`. */
const tinyPng = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888888' } })
  .png()
  .toBuffer();
const imageForm = () => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(tinyPng)], { type: 'image/png' }), 'tiny.png');
  return form;
};
const createUpload = async (server: TestServer, token: string) => {
  const reply = await server.request('POST', '/api/media', { token, body: imageForm() });
  if (reply.status !== 201) throw new Error(`upload: ${reply.status}`);
  return reply.body.media.id as string;
};

const createFilter = async (server: TestServer, token: string) => {
  const reply = await server.request('POST', '/api/filters', { token, body: filterBody });
  if (reply.status !== 201) throw new Error(`create filter: ${reply.status}`);
  return reply.body.filter.id as string;
};

/** Gives `account` a role before its first request with it (a role is read with the account). */
const grantRole = (server: TestServer, account: Account, role: Role) =>
  server.database.db.updateTable('users').set({ role }).where('account_id', '=', account.user._id).execute();

/** `other` as a sign-up waiting for approval (the server's registrations stay open for the others). */
const awaitingApproval = async (server: TestServer, other: Account) => {
  await server.database.db
    .updateTable('users')
    .set({ pending_since: new Date().toISOString() })
    .where('account_id', '=', other.user._id)
    .execute();
  return other.user.username as string;
};

/** A route of the instance's admin pages, called by `owner` made an admin. */
const adminRoute = (
  method: PrivateRoute['method'],
  route: string,
  ownerStatus: number,
  prepare: (server: TestServer, owner: Account) => Promise<{ path: string; body?: unknown }>,
): PrivateRoute => ({
  method,
  route,
  ownerStatus,
  staffOnly: true,
  prepare: async (server, owner) => {
    await grantRole(server, owner, 'admin');
    return prepare(server, owner);
  },
});
/** A moderators' route, called by `owner` made a moderator, on `other` (a user) or what they wrote. */
const moderatorRoute = (
  method: PrivateRoute['method'],
  route: string,
  prepare: (server: TestServer, other: Account) => Promise<{ path: string; body?: unknown }>,
): PrivateRoute => ({
  method,
  route,
  ownerStatus: 200,
  staffOnly: true,
  prepare: async (server, owner, other) => {
    await grantRole(server, owner, 'moderator');
    return prepare(server, other);
  },
});
const createdRule = async (server: TestServer, owner: Account) => {
  const reply = await server.request('POST', '/api/admin/rules', {
    token: owner.token,
    body: { text: 'authz rule' },
  });
  if (reply.status !== 201) throw new Error(`create rule: ${reply.status}`);
  return reply.body.rule.id as string;
};
const createdInvite = async (server: TestServer, owner: Account) => {
  const reply = await server.request('POST', '/api/admin/invites', { token: owner.token, body: {} });
  if (reply.status !== 201) throw new Error(`create invite: ${reply.status}`);
  return reply.body.invite.id as string;
};

const privateRoutes: PrivateRoute[] = [
  {
    method: 'POST',
    route: '/posts',
    ownerStatus: 201,
    prepare: async () => ({ path: '/api/posts', body: { postData: { content: 'new' } } }),
  },
  {
    method: 'POST',
    route: '/posts/edit/:postId',
    ownerStatus: 201,
    foreignMessage: Messages.editForeignPost,
    prepare: async (server, owner) => ({
      path: `/api/posts/edit/${await createPost(server, owner.token)}`,
      body: { postData: { content: 'edited' } },
    }),
  },
  {
    method: 'DELETE',
    route: '/posts/:postId',
    ownerStatus: 201,
    foreignMessage: Messages.deleteForeignPost,
    prepare: async (server, owner) => ({ path: `/api/posts/${await createPost(server, owner.token)}` }),
  },
  {
    method: 'POST',
    route: '/posts/:postId/quotes/:quotingPostId/detach',
    ownerStatus: 200,
    ownerOnly: true,
    prepare: async (server, owner, other) => {
      const postId = await createPost(server, owner.token);
      const reply = await server.request('POST', '/api/posts?return=post', {
        token: other.token,
        body: { postData: { content: 'quoting', quoteId: postId } },
      });
      if (reply.status !== 201) throw new Error(`quote: ${reply.status}`);
      return { path: `/api/posts/${postId}/quotes/${reply.body.post._id}/detach` };
    },
  },
  {
    method: 'POST',
    route: '/posts/:postId/repost',
    ownerStatus: 200,
    prepare: async (server, _owner, other) => ({
      path: `/api/posts/${await createPost(server, other.token)}/repost`,
    }),
  },
  {
    method: 'DELETE',
    route: '/posts/:postId/repost',
    ownerStatus: 200,
    prepare: async (server, owner, other) => {
      const postId = await createPost(server, other.token);
      await server.request('POST', `/api/posts/${postId}/repost`, { token: owner.token });
      return { path: `/api/posts/${postId}/repost` };
    },
  },
  {
    method: 'POST',
    route: '/follows/reposts/:followUserId',
    ownerStatus: 200,
    prepare: async (server, owner, other) => {
      await server.request('POST', `/api/users/follow/${other.user._id}`, { token: owner.token });
      return { path: `/api/follows/reposts/${other.user._id}`, body: { show: false } };
    },
  },
  {
    method: 'POST',
    route: '/posts/like/:postId',
    ownerStatus: 201,
    prepare: async (server, _owner, other) => ({
      path: `/api/posts/like/${await createPost(server, other.token)}`,
    }),
  },
  {
    method: 'POST',
    route: '/posts/dislike/:postId',
    ownerStatus: 201,
    prepare: async (server, _owner, other) => {
      const postId = await createPost(server, other.token);
      await server.request('POST', `/api/posts/like/${postId}`, { token: other.token });
      return { path: `/api/posts/dislike/${postId}` };
    },
  },
  {
    method: 'POST',
    route: '/comments/add/:postId',
    ownerStatus: 201,
    prepare: async (server, _owner, other) => ({
      path: `/api/comments/add/${await createPost(server, other.token)}`,
      body: { commentData: { text: 'hello' } },
    }),
  },
  {
    method: 'POST',
    route: '/comments/edit/:postId/:commentId',
    ownerStatus: 201,
    foreignMessage: Messages.editForeignComment,
    prepare: async (server, owner) => {
      const author = await server.signup(uniqueName('pauthor'));
      const postId = await createPost(server, author.token);
      const commentId = await addComment(server, owner.token, postId);
      return { path: `/api/comments/edit/${postId}/${commentId}`, body: { commentData: { text: 'edited' } } };
    },
  },
  {
    method: 'POST',
    route: '/comments/delete/:postId/:commentId',
    ownerStatus: 201,
    foreignMessage: Messages.deleteForeignComment,
    prepare: async (server, owner) => {
      const author = await server.signup(uniqueName('pauthor'));
      const postId = await createPost(server, author.token);
      const commentId = await addComment(server, owner.token, postId);
      return { path: `/api/comments/delete/${postId}/${commentId}` };
    },
  },
  {
    method: 'POST',
    route: '/comments/upvote/:postId/:commentId',
    ownerStatus: 201,
    prepare: async (server, _owner, other) => {
      const postId = await createPost(server, other.token);
      return { path: `/api/comments/upvote/${postId}/${await addComment(server, other.token, postId)}` };
    },
  },
  {
    method: 'POST',
    route: '/comments/downvote/:postId/:commentId',
    ownerStatus: 201,
    prepare: async (server, _owner, other) => {
      const postId = await createPost(server, other.token);
      return { path: `/api/comments/downvote/${postId}/${await addComment(server, other.token, postId)}` };
    },
  },
  {
    method: 'POST',
    route: '/comments/unvote/:postId/:commentId',
    ownerStatus: 201,
    prepare: async (server, owner, other) => {
      const postId = await createPost(server, other.token);
      const path = `${postId}/${await addComment(server, other.token, postId)}`;
      await server.request('POST', `/api/comments/upvote/${path}`, { token: owner.token });
      return { path: `/api/comments/unvote/${path}` };
    },
  },
  {
    method: 'POST',
    route: '/account/password',
    ownerStatus: 200,
    prepare: async () => ({
      path: '/api/account/password',
      body: { currentPassword: 'password123', newPassword: 'another-password' },
    }),
  },
  {
    method: 'GET',
    route: '/account',
    ownerStatus: 200,
    prepare: async () => ({ path: '/api/account' }),
  },
  {
    method: 'POST',
    route: '/account/email',
    ownerStatus: 202,
    prepare: async () => ({
      path: '/api/account/email',
      body: { newEmail: `${uniqueName('moved')}@example.org`, password: 'password123' },
    }),
  },
  {
    method: 'GET',
    route: '/account/export',
    ownerStatus: 200,
    prepare: async () => ({ path: '/api/account/export' }),
  },
  {
    method: 'GET',
    route: '/account/export/:list',
    ownerStatus: 200,
    prepare: async () => ({ path: '/api/account/export/following' }),
  },
  {
    method: 'GET',
    route: '/account/archive',
    ownerStatus: 200,
    prepare: async () => ({ path: '/api/account/archive' }),
  },
  {
    method: 'POST',
    route: '/account/import',
    ownerStatus: 200,
    prepare: async (_server, _owner, other) => {
      const body = new FormData();
      body.set('type', 'muting');
      body.set('data', new Blob([`${other.user.username}\n`]), 'muted_accounts.csv');
      return { path: '/api/account/import', body };
    },
  },
  {
    method: 'GET',
    route: '/account/preferences',
    ownerStatus: 200,
    prepare: async () => ({ path: '/api/account/preferences' }),
  },
  {
    method: 'PUT',
    route: '/account/preferences',
    ownerStatus: 200,
    prepare: async () => ({ path: '/api/account/preferences', body: { quotePolicy: 'followers' } }),
  },
  {
    method: 'GET',
    route: '/account/notification-settings',
    ownerStatus: 200,
    prepare: async () => ({ path: '/api/account/notification-settings' }),
  },
  {
    method: 'PUT',
    route: '/account/notification-settings',
    ownerStatus: 200,
    prepare: async () => ({ path: '/api/account/notification-settings', body: { onlyFromFollowing: true } }),
  },
  {
    method: 'POST',
    route: '/account/onboarding',
    ownerStatus: 200,
    prepare: async () => ({ path: '/api/account/onboarding' }),
  },
  {
    method: 'POST',
    route: '/account/delete',
    ownerStatus: 200,
    prepare: async () => ({ path: '/api/account/delete', body: { password: 'password123' } }),
  },
  {
    method: 'POST',
    route: '/users/edit',
    ownerStatus: 201,
    prepare: async () => ({ path: '/api/users/edit', body: { updatedUserData: { bio: 'authz bio' } } }),
  },
  {
    method: 'GET',
    route: '/users/bookmark',
    ownerStatus: 200,
    prepare: async () => ({ path: '/api/users/bookmark' }),
  },
  {
    method: 'POST',
    route: '/users/bookmark/:postId',
    ownerStatus: 200,
    prepare: async (server, _owner, other) => ({
      path: `/api/users/bookmark/${await createPost(server, other.token)}`,
    }),
  },
  {
    method: 'POST',
    route: '/users/remove-bookmark/:postId',
    ownerStatus: 200,
    prepare: async (server, owner, other) => {
      const postId = await createPost(server, other.token);
      await server.request('POST', `/api/users/bookmark/${postId}`, { token: owner.token });
      return { path: `/api/users/remove-bookmark/${postId}` };
    },
  },
  {
    method: 'POST',
    route: '/users/follow/:followUserId',
    ownerStatus: 200,
    prepare: async (_server, _owner, other) => ({ path: `/api/users/follow/${other.user._id}` }),
  },
  {
    method: 'POST',
    route: '/users/unfollow/:followUserId',
    ownerStatus: 200,
    prepare: async (server, owner, other) => {
      await server.request('POST', `/api/users/follow/${other.user._id}`, { token: owner.token });
      return { path: `/api/users/unfollow/${other.user._id}` };
    },
  },
  {
    method: 'GET',
    route: '/users/:username/relationship',
    ownerStatus: 200,
    prepare: async (_server, _owner, other) => ({ path: `/api/users/${other.user.username}/relationship` }),
  },
  {
    method: 'POST',
    route: '/users/:username/block',
    ownerStatus: 200,
    prepare: async (_server, _owner, other) => ({ path: `/api/users/${other.user.username}/block` }),
  },
  {
    method: 'DELETE',
    route: '/users/:username/block',
    ownerStatus: 200,
    prepare: async (server, owner, other) => {
      const path = `/api/users/${other.user.username}/block`;
      await server.request('POST', path, { token: owner.token });
      return { path };
    },
  },
  {
    method: 'POST',
    route: '/users/:username/mute',
    ownerStatus: 200,
    prepare: async (_server, _owner, other) => ({
      path: `/api/users/${other.user.username}/mute`,
      body: { notifications: false, durationSeconds: 3600 },
    }),
  },
  {
    method: 'DELETE',
    route: '/users/:username/mute',
    ownerStatus: 200,
    prepare: async (server, owner, other) => {
      const path = `/api/users/${other.user.username}/mute`;
      await server.request('POST', path, { token: owner.token, body: {} });
      return { path };
    },
  },
  {
    method: 'GET',
    route: '/blocks',
    ownerStatus: 200,
    prepare: async () => ({ path: '/api/blocks' }),
  },
  {
    method: 'GET',
    route: '/mutes',
    ownerStatus: 200,
    prepare: async () => ({ path: '/api/mutes' }),
  },
  {
    method: 'GET',
    route: '/users/suggestions',
    ownerStatus: 200,
    prepare: async () => ({ path: '/api/users/suggestions' }),
  },
  {
    method: 'GET',
    route: '/timeline',
    ownerStatus: 200,
    prepare: async () => ({ path: '/api/timeline' }),
  },
  {
    method: 'GET',
    route: '/notifications',
    ownerStatus: 200,
    prepare: async () => ({ path: '/api/notifications' }),
  },
  {
    method: 'GET',
    route: '/notifications/unread',
    ownerStatus: 200,
    prepare: async () => ({ path: '/api/notifications/unread' }),
  },
  {
    method: 'POST',
    route: '/notifications/read',
    ownerStatus: 200,
    prepare: async () => ({ path: '/api/notifications/read' }),
  },
  {
    method: 'GET',
    route: '/filters',
    ownerStatus: 200,
    prepare: async () => ({ path: '/api/filters' }),
  },
  {
    method: 'POST',
    route: '/media',
    ownerStatus: 201,
    prepare: async () => ({ path: '/api/media', body: imageForm() }),
  },
  {
    method: 'GET',
    route: '/media/:id',
    ownerStatus: 200,
    prepare: async (server, owner) => ({ path: `/api/media/${await createUpload(server, owner.token)}` }),
  },
  {
    method: 'DELETE',
    route: '/media/:id',
    ownerStatus: 200,
    prepare: async (server, owner) => ({ path: `/api/media/${await createUpload(server, owner.token)}` }),
  },
  ...(['avatar', 'header'] as const).flatMap((purpose): PrivateRoute[] => [
    {
      method: 'PUT',
      route: `/account/${purpose}`,
      ownerStatus: 200,
      prepare: async () => ({ path: `/api/account/${purpose}`, body: imageForm() }),
    },
    {
      method: 'DELETE',
      route: `/account/${purpose}`,
      ownerStatus: 200,
      prepare: async () => ({ path: `/api/account/${purpose}` }),
    },
  ]),
  {
    method: 'POST',
    route: '/filters',
    ownerStatus: 201,
    prepare: async () => ({ path: '/api/filters', body: filterBody }),
  },
  {
    method: 'PUT',
    route: '/filters/:id',
    ownerStatus: 200,
    prepare: async (server, owner) => ({
      path: `/api/filters/${await createFilter(server, owner.token)}`,
      body: { ...filterBody, title: 'Changed' },
    }),
  },
  {
    method: 'DELETE',
    route: '/filters/:id',
    ownerStatus: 200,
    prepare: async (server, owner) => ({ path: `/api/filters/${await createFilter(server, owner.token)}` }),
  },
  {
    method: 'GET',
    route: '/oauth/authorization',
    ownerStatus: 200,
    prepare: async (server) => {
      const app = await registerApp(server);
      const query = new URLSearchParams({ client_id: app.client_id, redirect_uri: app.redirect_uri });
      return { path: `/api/oauth/authorization?${query}` };
    },
  },
  {
    method: 'POST',
    route: '/oauth/authorization',
    ownerStatus: 200,
    prepare: async (server) => {
      const app = await registerApp(server);
      return {
        path: '/api/oauth/authorization',
        body: { client_id: app.client_id, redirect_uri: app.redirect_uri, decision: 'approve' },
      };
    },
  },
  {
    method: 'GET',
    route: '/oauth/apps',
    ownerStatus: 200,
    prepare: async () => ({ path: '/api/oauth/apps' }),
  },
  {
    method: 'DELETE',
    route: '/oauth/apps/:appId',
    ownerStatus: 204,
    prepare: async (server, owner) => {
      const app = await registerApp(server);
      await accessToken(server, owner.token, { app });
      return { path: `/api/oauth/apps/${app.id}` };
    },
  },
  {
    method: 'POST',
    route: '/reports',
    ownerStatus: 201,
    prepare: async (_server, _owner, other) => ({
      path: '/api/reports',
      body: { username: other.user.username, category: 'spam' },
    }),
  },
  ...(['assign', 'unassign', 'resolve', 'reopen'] as const).map((action) =>
    moderatorRoute('POST', `/admin/reports/:id/${action}`, async (server, other) => ({
      path: `/api/admin/reports/${await queuedReport(server, other)}/${action}`,
    })),
  ),
  {
    method: 'PUT',
    route: '/admin/accounts/:username/role',
    ownerStatus: 200,
    staffOnly: true,
    prepare: async (server, owner, other) => {
      await grantRole(server, owner, 'admin');
      return { path: `/api/admin/accounts/${other.user.username}/role`, body: { role: 'moderator' } };
    },
  },
  ...(['approve', 'reject'] as const).map((decision): PrivateRoute => ({
    method: 'POST',
    route: `/admin/accounts/:username/${decision}`,
    ownerStatus: 200,
    staffOnly: true,
    prepare: async (server, owner, other) => {
      await grantRole(server, owner, 'moderator');
      return { path: `/api/admin/accounts/${await awaitingApproval(server, other)}/${decision}` };
    },
  })),
  moderatorRoute('GET', '/admin/accounts', async () => ({ path: '/api/admin/accounts' })),
  moderatorRoute('GET', '/admin/accounts/:username', async (_server, other) => ({
    path: `/api/admin/accounts/${other.user.username}`,
  })),
  moderatorRoute('POST', '/admin/accounts/:username/actions', async (_server, other) => ({
    path: `/api/admin/accounts/${other.user.username}/actions`,
    body: { type: 'warn', text: 'authz warning' },
  })),
  moderatorRoute('DELETE', '/admin/posts/:postId', async (server, other) => ({
    path: `/api/admin/posts/${await createPost(server, other.token)}`,
  })),
  moderatorRoute('DELETE', '/admin/posts/:postId/comments/:commentId', async (server, other) => {
    const postId = await createPost(server, other.token);
    return { path: `/api/admin/posts/${postId}/comments/${await addComment(server, other.token, postId)}` };
  }),
  moderatorRoute('GET', '/admin/audit-log', async () => ({ path: '/api/admin/audit-log' })),
  adminRoute('GET', '/admin/settings', 200, async () => ({ path: '/api/admin/settings' })),
  adminRoute('PUT', '/admin/settings', 200, async () => ({
    path: '/api/admin/settings',
    body: { registrationsMessage: 'authz message' },
  })),
  adminRoute('GET', '/admin/rules', 200, async () => ({ path: '/api/admin/rules' })),
  adminRoute('POST', '/admin/rules', 201, async () => ({
    path: '/api/admin/rules',
    body: { text: 'authz rule' },
  })),
  adminRoute('PUT', '/admin/rules/:id', 200, async (server, owner) => ({
    path: `/api/admin/rules/${await createdRule(server, owner)}`,
    body: { text: 'authz rule, edited' },
  })),
  adminRoute('DELETE', '/admin/rules/:id', 200, async (server, owner) => ({
    path: `/api/admin/rules/${await createdRule(server, owner)}`,
  })),
  adminRoute('GET', '/admin/invites', 200, async () => ({ path: '/api/admin/invites' })),
  adminRoute('POST', '/admin/invites', 201, async () => ({
    path: '/api/admin/invites',
    body: { maxUses: 1 },
  })),
  adminRoute('DELETE', '/admin/invites/:id', 200, async (server, owner) => ({
    path: `/api/admin/invites/${await createdInvite(server, owner)}`,
  })),
  adminRoute('GET', '/admin/email-domain-blocks', 200, async () => ({
    path: '/api/admin/email-domain-blocks',
  })),
  adminRoute('POST', '/admin/email-domain-blocks', 201, async () => ({
    path: '/api/admin/email-domain-blocks',
    body: { domain: `${uniqueName('authz').replace(/[^a-z0-9]/g, '')}.example` },
  })),
  adminRoute('DELETE', '/admin/email-domain-blocks/:domain', 200, async (server, owner) => {
    const domain = `${uniqueName('authz').replace(/[^a-z0-9]/g, '')}.example`;
    const reply = await server.request('POST', '/api/admin/email-domain-blocks', {
      token: owner.token,
      body: { domain },
    });
    if (reply.status !== 201) throw new Error(`block domain: ${reply.status}`);
    return { path: `/api/admin/email-domain-blocks/${domain}` };
  }),
];

type Caller =
  | 'no token'
  | 'malformed token'
  | 'forged token'
  | 'tampered token'
  | 'expired token'
  | 'token from before a password change'
  | 'deleted user';
const refusedCallers: [Caller, number, string][] = [
  ['no token', 401, Messages.missingToken],
  ['malformed token', 401, Messages.invalidToken],
  ['forged token', 401, Messages.invalidToken],
  ['tampered token', 401, Messages.invalidToken],
  ['expired token', 401, Messages.invalidToken],
  ['token from before a password change', 401, Messages.invalidToken],
  ['deleted user', 404, Messages.userNotRegistered],
];

describeEachDatabase('authorization', (dialect) => {
  let server: TestServer;
  let deletedToken: string;
  let staleToken: string;
  beforeAll(async () => {
    server = await startServer(dialect);
    deletedToken = await deletedUserToken(server, uniqueName('deleted'));
    const changer = await server.signup(uniqueName('changer'));
    const changed = await server.request('POST', '/api/account/password', {
      token: changer.token,
      body: { currentPassword: 'password123', newPassword: 'another-password' },
    });
    if (changed.status !== 200) throw new Error(`password change: ${changed.status}`);
    staleToken = changer.token;
  });
  afterAll(() => server.close());

  const tokenFor = async (caller: Caller, owner: Account): Promise<string | undefined> => {
    const claims = { _id: owner.user._id, username: owner.user.username };
    switch (caller) {
      case 'no token':
        return undefined;
      case 'malformed token':
        return malformedToken;
      case 'forged token':
        return forgedToken(claims);
      case 'tampered token': {
        // A real token whose payload is swapped for another user's: the signature no longer matches.
        const [header, , signature] = owner.token.split('.');
        const payload = Buffer.from(JSON.stringify({ ...claims, username: 'guest' })).toString('base64url');
        return `${header}.${payload}.${signature}`;
      }
      case 'expired token':
        return expiredToken(claims);
      case 'token from before a password change':
        return staleToken;
      case 'deleted user':
        return deletedToken;
    }
  };

  for (const route of privateRoutes) {
    describe(`${route.method} ${route.route}`, () => {
      let scene: Scene;
      beforeAll(async () => {
        const owner = await server.signup(uniqueName('owner'));
        const other = await server.signup(uniqueName('other'));
        scene = { owner, other, ...(await route.prepare(server, owner, other)) };
      });

      it.each(refusedCallers)('%s → %i, nothing changes', async (caller, status, message) => {
        const before = await snapshot(server.database.db);
        const token = await tokenFor(caller, scene.owner);
        const reply = await server.request(route.method, scene.path, { token, body: scene.body });
        expectError(reply, status, message);
        expect(await snapshot(server.database.db)).toEqual(before);
      });

      if (route.foreignMessage) {
        it(`non-owner → 400 '${route.foreignMessage}', nothing changes`, async () => {
          const before = await snapshot(server.database.db);
          const reply = await server.request(route.method, scene.path, {
            token: scene.other.token,
            body: scene.body,
          });
          expectError(reply, 400, route.foreignMessage);
          expect(await snapshot(server.database.db)).toEqual(before);
        });
      }

      if (route.staffOnly || route.ownerOnly) {
        it('a user without the permission → 403, nothing changes', async () => {
          const before = await snapshot(server.database.db);
          const reply = await server.request(route.method, scene.path, {
            token: scene.other.token,
            body: scene.body,
          });
          expectError(reply, 403);
          expect(await snapshot(server.database.db)).toEqual(before);
        });
      }

      it(`owner → ${route.ownerStatus}`, async () => {
        const reply = await server.request<Partial<ErrorBody> | undefined>(route.method, scene.path, {
          token: scene.owner.token,
          body: scene.body,
        });
        expect(reply.status).toBe(route.ownerStatus);
        expect(reply.body?.errors).toBeUndefined();
      });
    });
  }

  describe('public reads work without a token (and ignore a bad one)', () => {
    let paths: string[];
    beforeAll(async () => {
      const posts = (await server.request('GET', '/api/posts')).body.posts;
      const withComments = posts.find((post) => post.comments.length > 0)!;
      paths = [
        '/api/posts',
        `/api/posts/${posts[0]!._id}`,
        '/api/posts/user/maya.chen',
        `/api/posts/${posts[0]!._id}/likes`,
        `/api/posts/${posts[1]!._id}/dislikes`,
        `/api/posts/${posts[0]!._id}/quotes`,
        `/api/comments/${withComments._id}`,
        '/api/users',
        '/api/users/maya.chen',
        '/api/users/maya.chen/followers',
        '/api/users/maya.chen/following',
        '/api/posts?limit=2',
        '/api/health',
        '/api/instance',
        '/api/auth/username-available?username=maya.chen',
      ];
    });

    it.each([undefined, malformedToken])('token %s → 200 on every public read', async (token) => {
      for (const path of paths) {
        const reply = await server.request<Partial<ErrorBody> | undefined>('GET', path, { token });
        expect({ path, status: reply.status }).toEqual({ path, status: 200 });
        expect(reply.body?.errors).toBeUndefined();
      }
    });

    it('a token of a deleted user on a public read still answers 200, without viewer state', async () => {
      const reply = await server.request('GET', '/api/posts?limit=1', { token: deletedToken });
      expect(reply.status).toBe(200);
      expect(reply.body.posts[0]!.viewer).toEqual({ liked: false, disliked: false, bookmarked: false });
    });
  });

  it('the matrix covers every changing route of the API (read from the route table)', () => {
    const changing = new Set(
      routeTable(server)
        .filter(({ method }) => method === 'POST' || method === 'PUT' || method === 'DELETE')
        .map(({ method, path }) => `${method} ${path}`),
    );
    changing.delete('POST /api/auth/signup');
    changing.delete('POST /api/auth/login');
    // Signed out by design: an address or a link's token is what they act on (use-cases/sync/email.ts).
    for (const route of [
      '/auth/password-reset',
      '/auth/password-reset/check',
      '/auth/password-reset/confirm',
      '/auth/confirmation/resend',
      '/auth/confirm',
      '/account/email/confirm',
    ])
      changing.delete(`POST /api${route}`);
    // The Mastodon API has its own matrix (api/mastodon/scopes.test.ts), by OAuth scopes.
    for (const route of changing) {
      if (!route.includes(' /api/') || /^\w+ \/api\/v\d\//.test(route)) changing.delete(route);
    }
    const listed = privateRoutes
      .filter((route) => route.method !== 'GET')
      .map((route) => `${route.method} /api${route.route}`);
    expect([...changing].sort()).toEqual(listed.sort());
    expect(privateRoutes).toHaveLength(87);
  });
});
