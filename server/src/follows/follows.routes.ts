import { ErrorBody, FollowReply, FollowStateReply, ReturnQuery } from '@sync/contract';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { viewerOf } from '../auth/auth.plugin.js';
import { wantsChangedOnly } from '../http/reply-shape.js';
import { nowIso } from '../db/ids.js';
import { Messages, badRequest, notFound } from '../http/errors.js';
import { findUserById, listUserRows } from '../users/users.repo.js';
import { toUsers } from '../users/users.service.js';
import { follow, unfollow } from './follows.repo.js';

const TargetParams = Type.Object({ followUserId: Type.String() });

export const followRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;

  const changeRoute = (change: 'follow' | 'unfollow') =>
    app.post(
      `/${change}/:followUserId`,
      {
        schema: {
          params: TargetParams,
          querystring: ReturnQuery,
          response: { 200: Type.Union([FollowReply, FollowStateReply]), '4xx': ErrorBody },
        },
        preHandler: app.requireUser,
      },
      async (request) => {
        const viewer = viewerOf(request);
        const targetId = request.params.followUserId;
        if (targetId === viewer.id) throw badRequest(Messages.followSelf);
        if (!(await findUserById(db, targetId))) throw notFound(Messages.userNotFound(targetId));
        if (change === 'follow') {
          if ((await follow(db, viewer.id, targetId, nowIso())) === 'already') {
            throw badRequest(Messages.alreadyFollowing);
          }
        } else if ((await unfollow(db, viewer.id, targetId)) === 'missing') {
          throw badRequest(Messages.notFollowing);
        }
        if (wantsChangedOnly(request.query)) {
          // The counts after the change, re-read: other follows may have landed meanwhile.
          const [me, target] = await Promise.all([findUserById(db, viewer.id), findUserById(db, targetId)]);
          return {
            followUserId: targetId,
            following: change === 'follow',
            followerCount: target!.follower_count,
            followingCount: me!.following_count,
          };
        }
        const all = await toUsers(db, await listUserRows(db), viewer.id);
        const currentUser = all.find((user) => user._id === viewer.id)!;
        const followUser = all.find((user) => user._id === targetId)!;
        return change === 'follow' ? { users: all, currentUser } : { users: all, currentUser, followUser };
      },
    );
  changeRoute('follow');
  changeRoute('unfollow');
};
