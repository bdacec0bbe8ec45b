import { Type, type Static } from 'typebox';
import { AlwaysEmpty, Entity } from './entity.js';

/**
 * The discovery documents served beside the client API, each of its own specification, as Sync answers
 * them: how apps find the OAuth server (RFC 8414) and how other software finds the server (NodeInfo 2.0)
 * and its people (WebFinger, RFC 7033). Host-meta (RFC 6415) is XML, not declared here.
 */

/** `GET /.well-known/oauth-authorization-server` (RFC 8414): what Mastodon apps read before signing in. */
export const OAuthServerMetadata = Entity({
  issuer: Type.String(),
  service_documentation: Type.String(),
  authorization_endpoint: Type.String(),
  token_endpoint: Type.String(),
  app_registration_endpoint: Type.String(),
  revocation_endpoint: Type.String(),
  scopes_supported: Type.Array(Type.String()),
  response_types_supported: Type.Array(Type.String()),
  response_modes_supported: Type.Array(Type.String()),
  code_challenge_methods_supported: Type.Array(Type.String()),
  grant_types_supported: Type.Array(Type.String()),
  token_endpoint_auth_methods_supported: Type.Array(Type.String()),
});
export type OAuthServerMetadata = Static<typeof OAuthServerMetadata>;

/** A link of a discovery document: its relation and target. */
const Link = Entity({ rel: Type.String(), href: Type.String() });

/** `GET /.well-known/nodeinfo`: where the server's NodeInfo is. */
export const NodeInfoLinks = Entity({ links: Type.Array(Link) });
export type NodeInfoLinks = Static<typeof NodeInfoLinks>;

/** `GET /nodeinfo/2.0` (http://nodeinfo.diaspora.software/ns/schema/2.0). */
export const NodeInfo = Entity({
  version: Type.Literal('2.0'),
  software: Entity({ name: Type.Literal('sync'), version: Type.String() }),
  /** None until Sync federates. */
  protocols: AlwaysEmpty,
  services: Entity({ inbound: AlwaysEmpty, outbound: AlwaysEmpty }),
  openRegistrations: Type.Boolean(),
  usage: Entity({
    users: Entity({ total: Type.Integer(), activeMonth: Type.Integer() }),
    localPosts: Type.Integer(),
    localComments: Type.Integer(),
  }),
  metadata: Entity({}),
});
export type NodeInfo = Static<typeof NodeInfo>;

/** `GET /.well-known/webfinger` (RFC 7033): an account's JSON Resource Descriptor. */
export const WebFinger = Entity({
  subject: Type.String(),
  aliases: Type.Array(Type.String()),
  links: Type.Array(Entity({ rel: Type.String(), type: Type.String(), href: Type.String() })),
});
export type WebFinger = Static<typeof WebFinger>;
