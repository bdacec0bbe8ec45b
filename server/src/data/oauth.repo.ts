import type { Selectable } from 'kysely';
import type { Db } from './database.js';
import { hasNul } from '../platform/db/nul.js';
import { preparedOnPostgres } from '../platform/db/prepared.js';
import type { OauthAppsTable, OauthCodesTable, OauthTokensTable } from './schema.js';

/** The tables of the OAuth 2 provider: `oauth_apps`, `oauth_codes`, `oauth_tokens`. */

export type AppRow = Selectable<OauthAppsTable>;
export type CodeRow = Selectable<OauthCodesTable>;
export type TokenRow = Selectable<OauthTokensTable>;

export async function insertApp(db: Db, row: AppRow): Promise<void> {
  await db.insertInto('oauth_apps').values(row).execute();
}

export function findAppByClientId(db: Db, clientId: string): Promise<AppRow | undefined> {
  if (hasNul(clientId)) return Promise.resolve(undefined);
  return db.selectFrom('oauth_apps').selectAll().where('client_id', '=', clientId).executeTakeFirst();
}

export function findAppById(db: Db, id: string): Promise<AppRow | undefined> {
  return db.selectFrom('oauth_apps').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertCode(db: Db, row: CodeRow): Promise<void> {
  await db.insertInto('oauth_codes').values(row).execute();
}

/**
 * Marks the code exchanged at `at` and answers it, or undefined when it is unknown or was exchanged
 * already. One row update: of two exchanges at once, one gets the code (PostgreSQL makes the other wait
 * for its transaction, then finds the code taken).
 */
export function claimCode(db: Db, codeHash: string, at: string): Promise<CodeRow | undefined> {
  return db
    .updateTable('oauth_codes')
    .set({ exchanged_at: at })
    .where('code_hash', '=', codeHash)
    .where('exchanged_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export function findCode(db: Db, codeHash: string): Promise<CodeRow | undefined> {
  return db.selectFrom('oauth_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
}

/** The token an exchanged code gave, so that presenting the code again can end it. */
export async function recordCodeToken(db: Db, codeHash: string, tokenId: string): Promise<void> {
  await db.updateTable('oauth_codes').set({ token_id: tokenId }).where('code_hash', '=', codeHash).execute();
}

/** Codes issued before `before`, exchanged or not. */
export async function deleteCodesBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('oauth_codes').where('created_at', '<', before).execute();
}

export async function insertToken(db: Db, row: TokenRow): Promise<void> {
  await db.insertInto('oauth_tokens').values(row).execute();
}

/** Every request of a Mastodon app reads its token: one indexed look-up, prepared on PostgreSQL. */
export function findToken(db: Db, tokenHash: string): Promise<TokenRow | undefined> {
  return db
    .selectFrom('oauth_tokens')
    .modifyFront(preparedOnPostgres)
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchToken(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('oauth_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
}

/** The id of the token deleted; undefined when no such token was there (an unknown or already revoked one). */
export async function deleteToken(db: Db, tokenHash: string, appId: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('oauth_tokens')
    .where('token_hash', '=', tokenHash)
    .where('app_id', '=', appId)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Whether the token was there to delete. */
export async function deleteTokenById(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('oauth_tokens').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * A person's authorized apps: one entry per app, with every scope its tokens hold, when it was last
 * authorized and when it was last used.
 */
export interface AuthorizedApp {
  app_id: string;
  name: string;
  website: string | null;
  scopes: string;
  created_at: string;
  last_used_at: string | null;
}

export async function authorizedApps(db: Db, userId: string): Promise<AuthorizedApp[]> {
  const rows = await db
    .selectFrom('oauth_tokens')
    .innerJoin('oauth_apps', 'oauth_apps.id', 'oauth_tokens.app_id')
    .select([
      'oauth_apps.id as app_id',
      'oauth_apps.name',
      'oauth_apps.website',
      'oauth_tokens.scopes',
      'oauth_tokens.created_at',
      'oauth_tokens.last_used_at',
    ])
    .where('oauth_tokens.user_id', '=', userId)
    .orderBy('oauth_tokens.created_at', 'desc')
    .execute();
  const byApp = new Map<string, AuthorizedApp>();
  for (const row of rows) {
    const seen = byApp.get(row.app_id);
    if (!seen) {
      byApp.set(row.app_id, { ...row });
      continue;
    }
    seen.scopes = [...new Set([...seen.scopes.split(' '), ...row.scopes.split(' ')])].join(' ');
    if ((row.last_used_at ?? '') > (seen.last_used_at ?? '')) seen.last_used_at = row.last_used_at;
  }
  return [...byApp.values()];
}

/** The scopes of each token this app holds for this person, as stored (space-separated). */
export async function tokenScopes(db: Db, userId: string, appId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('oauth_tokens')
    .select('scopes')
    .where('user_id', '=', userId)
    .where('app_id', '=', appId)
    .execute();
  return rows.map((row) => row.scopes);
}

/** Ends an app's access to a person's account: the ids of the tokens deleted (none when it had no access). */
export async function deleteTokensOfApp(db: Db, userId: string, appId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('oauth_tokens')
    .where('user_id', '=', userId)
    .where('app_id', '=', appId)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Every app's access to the account ends (a password change, an account deletion, a suspension): the
 * ids of the tokens deleted.
 */
export async function deleteTokensOfUser(trx: Db, userId: string): Promise<string[]> {
  const tokens = await trx.deleteFrom('oauth_tokens').where('user_id', '=', userId).returning('id').execute();
  await trx.deleteFrom('oauth_codes').where('user_id', '=', userId).execute();
  return tokens.map((token) => token.id);
}
