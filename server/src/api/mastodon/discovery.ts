import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { NodeInfo, NodeInfoLinks, WebFinger } from '@sync/contract/mastodon';
import { answeredWith } from './answer-schemas.js';
import { HttpError, recordNotFound } from '../../platform/http/errors.js';
import { decodedComponent } from '../../platform/http/uri-components.js';
import {
  hostMetaXml,
  nodeInfoLinks,
  nodeInfoSchema,
  nodeInfoView,
  webfingerView,
} from '../../read/views/mastodon/discovery.js';
import * as instance from '../../use-cases/mastodon/instance.js';
import * as sharedInstance from '../../use-cases/shared/instance.js';
import { urisFor } from '../uris.js';

/**
 * Discovery for other software: NodeInfo (what runs here, how busy it is), WebFinger (an account by
 * `acct:user@host`) and host-meta (where WebFinger is). Public, with CORS, and no token is read.
 */

const badResource = () =>
  new HttpError(400, 'resource must be acct:username@host or the address of a profile on this server');

/** The username a WebFinger resource names on this server; undefined when it is another server's. */
function usernameOf(resource: string, request: FastifyRequest): string | undefined {
  const uris = urisFor(request);
  if (/^https?:\/\//i.test(resource)) {
    const url = URL.canParse(resource) ? new URL(resource) : undefined;
    if (!url) throw badResource();
    if (!uris.isLocal(url.host)) return undefined;
    // A profile page of the web client, or the account's `uri` (urls.ts).
    const match = /^\/(?:profile|users)\/([^/]+)\/?$/.exec(url.pathname);
    if (!match) throw badResource();
    const username = decodedComponent(match[1]!);
    if (username === undefined) throw badResource();
    return username;
  }
  const account = resource.replace(/^acct:/i, '');
  const at = account.lastIndexOf('@');
  if (at <= 0 || at === account.length - 1) throw badResource();
  return uris.isLocal(account.slice(at + 1)) ? account.slice(0, at) : undefined;
}

export const discoveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;
  const paths = [
    '/.well-known/nodeinfo',
    '/nodeinfo/2.0',
    '/.well-known/webfinger',
    '/.well-known/host-meta',
  ];
  for (const path of paths) app.options(path, async (_request, reply) => reply.code(204).send());

  app.get('/.well-known/nodeinfo', { schema: answeredWith(NodeInfoLinks) }, async (request) =>
    nodeInfoLinks(urisFor(request)),
  );

  app.get('/nodeinfo/2.0', { schema: answeredWith(NodeInfo) }, async (_request, reply) => {
    const [stats, activeMonth, registrationsMode] = await Promise.all([
      instance.statistics(deps),
      instance.activeThisMonth(deps),
      sharedInstance.registrationsMode(deps),
    ]);
    reply.type(`application/json; profile="${nodeInfoSchema}#"; charset=utf-8`);
    return nodeInfoView({ ...stats, activeMonth }, registrationsMode);
  });

  const WebfingerQuery = Type.Object({ resource: Type.Optional(Type.String()) });
  app.get(
    '/.well-known/webfinger',
    { schema: { querystring: WebfingerQuery, ...answeredWith(WebFinger) } },
    async (request, reply) => {
      const resource = request.query.resource?.trim();
      if (!resource) throw badResource();
      const username = usernameOf(resource, request);
      const user = username === undefined ? undefined : await instance.accountNamed(deps, username);
      if (!user) throw recordNotFound();
      reply.type('application/jrd+json; charset=utf-8');
      return webfingerView(user, urisFor(request));
    },
  );

  app.get('/.well-known/host-meta', async (request, reply) => {
    reply.type('application/xrd+xml; charset=utf-8');
    return hostMetaXml(urisFor(request));
  });
};
