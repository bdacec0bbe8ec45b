import { describe, expect, it } from 'vitest';
import { localTargetOf, Site, urisOf } from './uris.js';

/** The table of docs/decisions/118: once federated these never change, so each one is written out. */
describe('the URIs of every object', () => {
  const uris = urisOf('https://sync.example', 'example');

  it('has the ids and pages of the decision, at PUBLIC_URL, with the accounts at LOCAL_DOMAIN', () => {
    expect({
      origin: uris.origin,
      localDomain: uris.localDomain,
      actor: uris.actor('maya.chen'),
      profile: uris.profile('maya.chen'),
      post: uris.post('P1'),
      comment: uris.comment('P1', 'C1'),
      repost: uris.repost('P1', 'R1'),
      tag: uris.tag('sunset'),
      at: uris.at('/login'),
      like: uris.like('maya.chen', 'L1'),
      dislike: uris.dislike('maya.chen', 'D1'),
      follow: uris.follow('maya.chen', 'F1'),
      block: uris.block('maya.chen', 'B1'),
      inbox: uris.collection('maya.chen', 'inbox'),
      outbox: uris.collection('maya.chen', 'outbox'),
      followers: uris.collection('maya.chen', 'followers'),
      following: uris.collection('maya.chen', 'following'),
      featured: uris.collection('maya.chen', 'featured'),
      publicKey: uris.publicKey('maya.chen'),
      sharedInbox: uris.sharedInbox,
      avatar: uris.file('/avatars/maya.png', '/avatars/default.png'),
      noAvatar: uris.file('', '/avatars/default.png'),
      cdnFile: uris.file('https://cdn.example/media/a.webp', ''),
    }).toEqual({
      origin: 'https://sync.example',
      localDomain: 'example',
      actor: 'https://sync.example/users/maya.chen',
      profile: 'https://sync.example/profile/maya.chen',
      post: 'https://sync.example/post/P1',
      comment: 'https://sync.example/post/P1/comment/C1',
      repost: 'https://sync.example/post/P1?repost=R1',
      tag: 'https://sync.example/tag/sunset',
      at: 'https://sync.example/login',
      like: 'https://sync.example/users/maya.chen/likes/L1',
      dislike: 'https://sync.example/users/maya.chen/dislikes/D1',
      follow: 'https://sync.example/users/maya.chen/follows/F1',
      block: 'https://sync.example/users/maya.chen/blocks/B1',
      inbox: 'https://sync.example/users/maya.chen/inbox',
      outbox: 'https://sync.example/users/maya.chen/outbox',
      followers: 'https://sync.example/users/maya.chen/followers',
      following: 'https://sync.example/users/maya.chen/following',
      featured: 'https://sync.example/users/maya.chen/collections/featured',
      publicKey: 'https://sync.example/users/maya.chen#main-key',
      sharedInbox: 'https://sync.example/inbox',
      avatar: 'https://sync.example/avatars/maya.png',
      noAvatar: 'https://sync.example/avatars/default.png',
      cdnFile: 'https://cdn.example/media/a.webp',
    });
  });

  it('escapes what a path segment cannot hold', () => {
    expect(uris.tag('a b/c')).toBe('https://sync.example/tag/a%20b%2Fc');
    expect(uris.actor('a/b')).toBe('https://sync.example/users/a%2Fb');
  });

  it('takes the local domain and the host it is served at, in any case, with or without the port, as its own', () => {
    const served = urisOf('http://127.0.0.1:3000');
    expect(served.localDomain).toBe('127.0.0.1:3000');
    expect(['127.0.0.1:3000', '127.0.0.1'].map(served.isLocal)).toEqual([true, true]);
    expect(['EXAMPLE', 'sync.example', 'Sync.Example'].map(uris.isLocal)).toEqual([true, true, true]);
    expect(['elsewhere.example', 'example.org', '127.0.0.1'].map(uris.isLocal)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('reads its own pages back, and nothing of another origin', () => {
    expect(localTargetOf(uris, uris.comment('P1', 'C1'))).toEqual({ kind: 'status', id: 'C1' });
    expect(localTargetOf(uris, 'https://sync.example/post/P1?comment=C1')).toEqual({
      kind: 'status',
      id: 'C1',
    });
    expect(localTargetOf(uris, uris.actor('maya.chen'))).toEqual({ kind: 'account', username: 'maya.chen' });
    expect(localTargetOf(uris, uris.tag('sunset'))).toEqual({ kind: 'tag', name: 'sunset' });
    expect(localTargetOf(uris, 'https://elsewhere.example/post/P1')).toBeUndefined();
  });
});

describe('Site: the URIs of an answer, from configuration', () => {
  const localUrl = 'http://localhost:3000';

  it('with PUBLIC_URL, the same whatever the request reached, and federation may be on', () => {
    const site = new Site({ publicUrl: 'https://sync.example', localDomain: 'example', localUrl });
    expect(site.federates).toBe(true);
    for (const reached of ['http://127.0.0.1:3000', 'https://evil.example']) {
      expect(site.urisFor(reached).origin).toBe('https://sync.example');
      expect(site.urisFor(reached).localDomain).toBe('example');
      expect(site.urisFor(reached).isLocal(new URL(reached).host)).toBe(false);
    }
    expect(site.detached.at('/login')).toBe('https://sync.example/login');
  });

  it("with only PUBLIC_URL, the accounts' domain is its host", () => {
    const site = new Site({ publicUrl: 'https://sync.example', localDomain: undefined, localUrl });
    expect(site.urisFor('http://127.0.0.1:3000').localDomain).toBe('sync.example');
  });

  it("without PUBLIC_URL, the request's own origin, mail this machine's, and federation must stay off", () => {
    const site = new Site({ publicUrl: undefined, localDomain: undefined, localUrl });
    expect(site.federates).toBe(false);
    expect(site.urisFor('http://127.0.0.1:4000').actor('maya')).toBe('http://127.0.0.1:4000/users/maya');
    expect(site.urisFor('http://127.0.0.1:4000').localDomain).toBe('127.0.0.1:4000');
    expect(site.detached.at('/login')).toBe('http://localhost:3000/login');
  });
});
