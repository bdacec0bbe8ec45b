import type { RegistrationsMode } from '@sync/contract';
import { serverVersion } from '../../../config.js';
import type { UserRow } from '../../../data/users.repo.js';
import { escapeHtml } from '../escape-html.js';
import { signupsOpen } from './instance.js';
import type { Uris } from '../../../platform/uris/uris.js';

/**
 * How other software finds the server and its people: NodeInfo 2.0
 * (http://nodeinfo.diaspora.software/protocol), WebFinger (RFC 7033) and host-meta (RFC 6415).
 */

export const nodeInfoSchema = 'http://nodeinfo.diaspora.software/ns/schema/2.0';

/** `GET /.well-known/nodeinfo` */
export const nodeInfoLinks = (urls: Uris) => ({
  links: [{ rel: nodeInfoSchema, href: urls.at(`/nodeinfo/2.0`) }],
});

/** `GET /nodeinfo/2.0`. No protocols until Sync federates (the schema asks for one: none is true). */
export function nodeInfoView(
  usage: { users: number; activeMonth: number; posts: number; comments: number },
  registrationsMode: RegistrationsMode,
) {
  return {
    version: '2.0',
    software: { name: 'sync', version: serverVersion },
    protocols: [],
    services: { inbound: [], outbound: [] },
    openRegistrations: signupsOpen(registrationsMode),
    usage: {
      users: { total: usage.users, activeMonth: usage.activeMonth },
      localPosts: usage.posts,
      localComments: usage.comments,
    },
    metadata: {},
  };
}

/** The JSON Resource Descriptor of an account, as Mastodon answers WebFinger. */
export function webfingerView(user: UserRow, urls: Uris) {
  const profile = urls.profile(user.username);
  const actor = urls.actor(user.username);
  return {
    subject: `acct:${user.username}@${urls.localDomain}`,
    aliases: [profile, actor],
    // No `self` link (application/activity+json) until Sync serves ActivityPub actors: a server that
    // looked an account up would fetch it and get no actor.
    links: [{ rel: 'http://webfinger.net/rel/profile-page', type: 'text/html', href: profile }],
  };
}

/** `GET /.well-known/host-meta`: where WebFinger answers, for software that asks here first. */
export function hostMetaXml(urls: Uris): string {
  const template = escapeHtml(urls.at(`/.well-known/webfinger?resource={uri}`));
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<XRD xmlns="http://docs.oasis-open.org/ns/xri/xrd-1.0">\n' +
    `  <Link rel="lrdd" template="${template}"/>\n` +
    '</XRD>\n'
  );
}
