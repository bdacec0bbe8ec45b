/**
 * Edit history (issue 28) on Sync's API and through masto.js: every edit of a post or a comment keeps
 * the version it replaced, the history lists them oldest first with the current one last, an edited
 * post says when, the history is as visible as the post, and a refused edit keeps nothing.
 */
import { createRestAPIClient, type mastodon } from 'masto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { accessToken, failure } from '../../test/mastodon.js';
import { uniqueName } from '../../test/expectations.js';
import { png } from '../../test/images.js';

describeEachDatabase('edit history', (dialect) => {
  let server: TestServer;
  let author: { token: string; user: { _id: string; username: string } };
  let reader: { token: string };

  const createPost = async (content: string) => {
    const reply = await server.request('POST', '/api/posts?return=post', {
      token: author.token,
      body: { postData: { content } },
    });
    expect(reply.status).toBe(201);
    return reply.body.post._id as string;
  };
  const edit = (postId: string, content: string, token = author.token) =>
    server.request('POST', `/api/posts/edit/${postId}?return=post`, {
      token,
      body: { postData: { content } },
    });
  const history = async <Url extends string>(path: Url, token?: string) =>
    server.request('GET', path, { token });

  beforeAll(async () => {
    server = await startServer(dialect);
    author = await server.signup(uniqueName('author'));
    reader = await server.signup(uniqueName('reader'));
  });
  afterAll(() => server.close());

  it('each edit keeps the version it replaced; the history is oldest first, the current last', async () => {
    const postId = await createPost('First words');
    const created = (await server.request('GET', `/api/posts/${postId}`)).body.post;
    expect(created.editedAt).toBeUndefined();
    server.clock.advance(60_000);
    expect((await edit(postId, 'Second words')).status).toBe(201);
    server.clock.advance(60_000);
    const last = await edit(postId, 'Third words');
    expect(last.body.post).toMatchObject({ content: 'Third words', editedAt: last.body.post.updatedAt });

    const reply = await history(`/api/posts/${postId}/history`, reader.token);
    expect(reply.status).toBe(200);
    const versions = reply.body.versions;
    expect(versions.map((version: { text: string }) => version.text)).toEqual([
      'First words',
      'Second words',
      'Third words',
    ]);
    expect(versions[0]!.writtenAt).toBe(created.createdAt);
    expect(versions[0]!.replacedAt).toBe(versions[1]!.writtenAt);
    expect(versions[1]!.replacedAt).toBe(versions[2]!.writtenAt);
    expect(versions[2]).toMatchObject({ replacedAt: null, sensitive: false, media: [] });
    // Signed out sees it too: as visible as the post.
    expect((await history(`/api/posts/${postId}/history`)).body.versions).toHaveLength(3);
    // Every answer shows the new text at once (the versioned cache).
    const page = (await server.request('GET', '/api/posts?limit=50')).body.posts;
    expect(page.find((post: { _id: string }) => post._id === postId)!.content).toBe('Third words');
  });

  it('a refused edit keeps no version: too long, or someone else’s post', async () => {
    const postId = await createPost('Short and kept');
    expect((await edit(postId, 'x'.repeat(5001))).status).toBe(400);
    expect((await edit(postId, 'Not mine to change', reader.token)).status).toBe(400);
    const versions = (await history(`/api/posts/${postId}/history`)).body.versions;
    expect(versions).toEqual([expect.objectContaining({ text: 'Short and kept', replacedAt: null })]);
  });

  it('an image’s alt text at each version is kept with it; an image post may lose its text', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'a.png');
    form.append('description', 'A green field');
    const media = (await server.request('POST', '/api/media', { token: author.token, body: form })).body
      .media;
    const posted = await server.request('POST', '/api/posts?return=post', {
      token: author.token,
      body: { postData: { content: 'With a picture', mediaIds: [media.id], sensitive: true } },
    });
    const postId = posted.body.post._id;
    server.clock.advance(60_000);
    expect((await edit(postId, '')).status).toBe(201);
    const versions = (await history(`/api/posts/${postId}/history`)).body.versions;
    expect(versions).toEqual([
      expect.objectContaining({
        text: 'With a picture',
        sensitive: true,
        media: [{ id: media.id, description: 'A green field' }],
      }),
      expect.objectContaining({
        text: '',
        sensitive: true,
        media: [{ id: media.id, description: 'A green field' }],
      }),
    ]);
  });

  it('comments keep their versions too, as visible as the comment; a block hides them', async () => {
    const postId = await createPost('Talk to me');
    const added = await server.request('POST', `/api/comments/add/${postId}?return=post`, {
      token: reader.token,
      body: { commentData: { text: 'A first thought' } },
    });
    const commentId = added.body.post.comments.at(-1)!._id;
    server.clock.advance(60_000);
    const edited = await server.request('POST', `/api/comments/edit/${postId}/${commentId}?return=post`, {
      token: reader.token,
      body: { commentData: { text: 'A better thought' } },
    });
    expect(edited.status).toBe(201);
    const path = `/api/comments/${postId}/${commentId}/history` as const;
    const versions = (await history(path)).body.versions;
    expect(versions.map((version: { text: string }) => version.text)).toEqual([
      'A first thought',
      'A better thought',
    ]);
    const comment = (await server.request('GET', `/api/posts/${postId}`)).body.post.comments.at(-1)!;
    expect(comment.editedAt).toBe(versions[1]!.writtenAt);

    await server.request('POST', `/api/users/${author.user.username}/block`, { token: reader.token });
    expect((await history(`/api/posts/${postId}/history`, reader.token)).status).toBe(404);
    expect((await history(path, reader.token)).status).toBe(404);
    await server.request('DELETE', `/api/users/${author.user.username}/block`, { token: reader.token });
  });

  describe('through a Mastodon app', () => {
    let maya: mastodon.rest.Client;
    beforeAll(async () => {
      const token = await accessToken(server, await server.login('maya.chen', demoPassword));
      maya = createRestAPIClient({ url: server.url, accessToken: token });
    });

    it('PUT edits a status; history and source show what it was', async () => {
      const status = await maya.v1.statuses.create({ status: 'Before the edit' });
      expect(status.editedAt).toBeNull();
      server.clock.advance(60_000);
      const edited = await maya.v1.statuses.$select(status.id).update({ status: 'After the edit' });
      expect(edited.content).toBe('<p>After the edit</p>');
      expect(edited.editedAt).not.toBeNull();
      const versions = await maya.v1.statuses.$select(status.id).history.list();
      expect(versions.map((version) => version.content)).toEqual([
        '<p>Before the edit</p>',
        '<p>After the edit</p>',
      ]);
      expect(versions[0]!.account.username).toBe('maya.chen');
      expect(await maya.v1.statuses.$select(status.id).source.fetch()).toEqual({
        id: status.id,
        text: 'After the edit',
        spoilerText: '',
      });
    });

    it('media_attributes change alt text with the edit; an image on another status is refused', async () => {
      const media = await maya.v2.media.create({
        file: new Blob([new Uint8Array(await png())], { type: 'image/png' }),
        description: 'old words',
      });
      const status = await maya.v1.statuses.create({ status: 'Picture', mediaIds: [media.id] });
      const edited = await maya.v1.statuses.$select(status.id).update({
        status: 'Picture, described',
        mediaIds: [media.id],
        mediaAttributes: [{ id: media.id, description: 'new words' }],
      });
      expect(edited.mediaAttachments[0]!.description).toBe('new words');
      const versions = await maya.v1.statuses.$select(status.id).history.list();
      expect(versions.map((version) => version.mediaAttachments[0]?.description)).toEqual([
        'old words',
        'new words',
      ]);
      const other = await maya.v2.media.create({
        file: new Blob([new Uint8Array(await png())], { type: 'image/png' }),
      });
      await maya.v1.statuses.create({ status: 'Elsewhere', mediaIds: [other.id] });
      const refused = await failure(
        maya.v1.statuses.$select(status.id).update({ status: 'Swap', mediaIds: [other.id] }),
      );
      expect(refused.status).toBe(422);
    });
  });
});
