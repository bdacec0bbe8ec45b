import { AuthLoginReply, AuthSignupReply, ErrorBody, Limits, LoginBody, SignupBody } from '@sync/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { newId } from '../../platform/db/ids.js';
import { HttpError, Messages, badRequest, notFound, unauthorized } from '../../platform/http/errors.js';
import { checkText, checkUrl } from '../../use-cases/shared/text.js';
import { findUserByUsername, insertUser, type UserRow } from '../../data/users.repo.js';
import { userObject } from '../../use-cases/shared/user-answers.js';
import { claimsFor } from './auth.plugin.js';
import { checkNewPassword, hashPassword, passwordMatches } from '../../platform/auth/passwords.js';

/** Words that are paths under /api/users, so they cannot be usernames. */
const reservedUsernames = new Set([
  'bookmark',
  'edit',
  'follow',
  'unfollow',
  'remove-bookmark',
  'suggestions',
]);
const usernamePattern = /^[A-Za-z0-9_.]+$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkSignup(body: SignupBody) {
  const username = body.username.trim();
  if (
    username.length < Limits.usernameMin ||
    username.length > Limits.usernameMax ||
    !usernamePattern.test(username)
  ) {
    throw badRequest(
      `Username must be ${Limits.usernameMin} to ${Limits.usernameMax} characters long, using only letters, digits, "_" and ".".`,
    );
  }
  if (reservedUsernames.has(username.toLowerCase())) {
    throw badRequest(`The username "${username}" is reserved. Please choose another.`);
  }
  checkNewPassword(body.password);
  const name = (value: string | undefined, label: string) => {
    if (value === undefined) throw badRequest(`${label} is required.`);
    return checkText(value, { label, max: Limits.name, required: true });
  };
  const email = checkText(body.email ?? '', { label: 'Email address', max: 254, required: false });
  if (email && !emailPattern.test(email)) {
    throw badRequest('Email address is not valid: it should look like name@example.com.');
  }
  return {
    username,
    password: body.password,
    first_name: name(body.firstName ?? body.firstname, 'First name'),
    last_name: name(body.lastName ?? body.lastname, 'Last name'),
    email,
    bio: checkText(body.bio ?? '', { label: 'Bio', max: Limits.bio, required: false }),
    links: checkUrl(body.links ?? '', { label: 'Link', max: Limits.url }),
    city: checkText(body.city ?? '', { label: 'City', max: Limits.city, required: false }),
    avatar_url: checkUrl(body.avatarURL ?? '', { label: 'Avatar URL', max: Limits.url }),
  };
}

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/signup',
    {
      schema: {
        body: SignupBody,
        response: { 201: AuthSignupReply, '4xx': ErrorBody },
      },
      preHandler: app.limits.signup,
    },
    async (request, reply) => {
      const input = checkSignup(request.body);
      if (await findUserByUsername(app.deps.db, input.username))
        throw new HttpError(422, Messages.usernameTaken);
      const at = app.deps.clock.now();
      const now = at.toISOString();
      const row: UserRow = {
        id: newId(at),
        username: input.username,
        username_key: input.username.toLowerCase(),
        password_hash: await hashPassword(input.password),
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        bio: input.bio,
        links: input.links,
        city: input.city,
        avatar_url: input.avatar_url,
        follower_count: 0,
        following_count: 0,
        token_version: 0,
        created_at: now,
        updated_at: now,
      };
      try {
        await insertUser(app.deps.db, row);
      } catch (error) {
        // Two sign-ups racing for one name: the unique index decides.
        if (await findUserByUsername(app.deps.db, input.username))
          throw new HttpError(422, Messages.usernameTaken);
        throw error;
      }
      const encodedToken = app.deps.tokens.sign(claimsFor(row));
      return reply.code(201).send({ createdUser: await userObject(app.deps, row, row.id), encodedToken });
    },
  );

  app.post(
    '/login',
    {
      schema: { body: LoginBody, response: { 200: AuthLoginReply, '4xx': ErrorBody } },
      preHandler: [app.limits.loginByIp, app.limits.loginByUsername],
    },
    async (request) => {
      const user = await findUserByUsername(app.deps.db, request.body.username.trim());
      if (!user) throw notFound(Messages.userNotRegistered);
      if (!(await passwordMatches(user.password_hash, request.body.password))) {
        throw unauthorized(Messages.wrongPassword);
      }
      const encodedToken = app.deps.tokens.sign(claimsFor(user));
      return { foundUser: await userObject(app.deps, user, user.id), encodedToken };
    },
  );
};
