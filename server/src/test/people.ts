import type { Insertable } from 'kysely';
import { expect } from 'vitest';
import { newId } from '../platform/db/ids.js';
import type { Db } from '../data/database.js';
import type { AccountsTable } from '../data/schema.js';
import { uniqueName } from './expectations.js';
import type { AnswerOf } from './answers.js';
import type { TestServer } from './harness.js';

/** A signed-up user as the social suites use one: their token, id and username. */
export interface Person {
  token: string;
  id: string;
  username: string;
}

export async function newPerson(
  server: TestServer,
  prefix: string,
  extra: Record<string, unknown> = {},
): Promise<Person> {
  const { token, user } = await server.signup(uniqueName(prefix), extra);
  return { token, id: user._id, username: user.username };
}

/**
 * A request that must succeed (as `who` when given); its body, typed by the route (test/answers.ts), or
 * by the type the test names where its path is built as it runs (as `request<Body>` is).
 */
export async function succeed<Method extends string, Url extends string>(
  server: TestServer,
  method: Method,
  path: Url,
  who?: Person,
  body?: unknown,
): Promise<AnswerOf<Method, Url>>;
export async function succeed<Body>(
  server: TestServer,
  method: string,
  path: string,
  who?: Person,
  body?: unknown,
): Promise<Body>;
export async function succeed(
  server: TestServer,
  method: string,
  path: string,
  who?: Person,
  body?: unknown,
): Promise<unknown> {
  const reply = await server.request(method, path, { token: who?.token, body });
  expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
  return reply.body;
}

/** A post `author` writes through the API; its id. */
export async function newPost(server: TestServer, author: Person, content = 'A post'): Promise<string> {
  return (await succeed(server, 'POST', '/api/posts?return=post', author, { postData: { content } })).post
    ._id;
}

/** A comment `author` writes on the post through the API; its id. */
export async function newComment(
  server: TestServer,
  author: Person,
  postId: string,
  text = 'A comment',
): Promise<string> {
  const { comment } = await succeed(server, 'POST', `/api/comments/add/${postId}?return=post`, author, {
    commentData: { text },
  });
  if (!comment) throw new Error('a new comment answered no comment');
  return comment._id;
}

/**
 * An account for set-ups that write hundreds of people straight to the database (signing each up
 * through the API would take minutes); `insertBulkPeople` writes it with a login.
 */
export function bulkUserRow(username: string, at: Date): Insertable<AccountsTable> {
  return {
    id: newId(at),
    username,
    username_key: username.toLowerCase(),
    first_name: 'Bulk',
    last_name: 'Person',
    avatar_url: '',
    bio: '',
    links: '',
    city: '',
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
  };
}

/** Writes `bulkUserRow`s, each with a login whose password hash signs nobody in. */
export async function insertBulkPeople(db: Db, people: readonly Insertable<AccountsTable>[]): Promise<void> {
  await db
    .insertInto('accounts')
    .values([...people])
    .execute();
  await db
    .insertInto('users')
    .values(
      people.map((person) => ({
        account_id: person.id,
        password_hash: 'not-a-hash',
        email: '',
        created_at: person.created_at,
      })),
    )
    .execute();
}
