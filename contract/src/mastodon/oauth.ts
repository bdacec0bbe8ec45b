import { Type, type Static } from 'typebox';
import { Entity, Nullable } from './entity.js';

/**
 * https://docs.joinmastodon.org/entities/Application/ — an app; its credentials only in the answer that
 * registers it (Sync keeps the secret hashed and cannot show it again).
 */
export const Application = Entity({
  id: Type.String(),
  name: Type.String(),
  website: Nullable(Type.String()),
  scopes: Type.Array(Type.String()),
  /** The redirect URIs, one a line (Mastodon's older field). */
  redirect_uri: Type.String(),
  redirect_uris: Type.Array(Type.String()),
  /** Sync has no Web Push yet. */
  vapid_key: Type.Literal(''),
  client_id: Type.Optional(Type.String()),
  client_secret: Type.Optional(Type.String()),
  /** The secret never expires. */
  client_secret_expires_at: Type.Optional(Type.Literal(0)),
});
export type Application = Static<typeof Application>;

/** https://docs.joinmastodon.org/entities/Token/ — RFC 6749's access token response. */
export const Token = Entity({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  /** The granted scopes, separated by spaces. */
  scope: Type.String(),
  /** Seconds since the epoch. */
  created_at: Type.Integer(),
});
export type Token = Static<typeof Token>;
