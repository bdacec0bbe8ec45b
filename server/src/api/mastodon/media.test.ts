/**
 * Photos through masto.js, as a Mastodon app posts them: upload (v2 and v1), describe and set the focal
 * point, attach with `media_ids`, the MediaAttachment entity, delete-and-redraft, `delete_media`,
 * `only_media`, update_credentials' avatar and header files, and the instance's media configuration.
 */
import sharp from 'sharp';
import { createRestAPIClient, type mastodon } from 'masto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoPassword, describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { accessToken, bearer, failure } from '../../test/mastodon.js';
import { exifMarker, gpsPositionOf, phonePhoto, png } from '../../test/images.js';

const blobOf = (bytes: Buffer, type: string) => new Blob([new Uint8Array(bytes)], { type });

describeEachDatabase('Mastodon API: media', (dialect) => {
  let server: TestServer;
  let maya: mastodon.rest.Client;
  let lena: mastodon.rest.Client;
  let mayaId: string;
  let mayaToken: string;
  let lenaToken: string;
  /** Calls masto.js 7 has no method for (DELETE /api/v1/media/:id, `delete_media`), as an app sends them. */
  const send = async (method: 'DELETE', path: string, token: string) => {
    const reply = await server.request(method, path, { headers: { authorization: bearer(token) } });
    return { status: reply.status, body: reply.body };
  };

  const upload = async (client: mastodon.rest.Client, description?: string) =>
    client.v2.media.create({ file: blobOf(await png(), 'image/png'), description });
  const served = async (url: string) => {
    const response = await fetch(url);
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  beforeAll(async () => {
    server = await startServer(dialect);
    const clientFor = (token: string) => createRestAPIClient({ url: server.url, accessToken: token });
    mayaToken = await accessToken(server, await server.login('maya.chen', demoPassword));
    lenaToken = await accessToken(server, await server.login('lena.k', demoPassword));
    maya = clientFor(mayaToken);
    lena = clientFor(lenaToken);
    mayaId = (await maya.v1.accounts.verifyCredentials()).id;
  });
  afterAll(() => server.close());

  it('a phone photo uploads upright, described, with absolute URLs that serve it without its position', async () => {
    const photo = await phonePhoto();
    expect(await gpsPositionOf(photo)).toBeDefined();
    const media = await maya.v2.media.create({
      file: blobOf(photo, 'image/jpeg'),
      description: 'Golden hour in Wadi Rum',
      focus: '0.5,-0.25',
    });
    expect(media).toMatchObject({
      type: 'image',
      description: 'Golden hour in Wadi Rum',
      remoteUrl: null,
      meta: {
        original: { width: 400, height: 600, size: '400x600', aspect: 400 / 600 },
        focus: { x: 0.5, y: -0.25 },
      },
    });
    expect(media.url).toMatch(new RegExp(`^${server.url}/media/[\\w-]+\\.jpg$`));
    expect(media.previewUrl).toMatch(new RegExp(`^${server.url}/media/[\\w-]+\\.small\\.webp$`));
    expect(media.blurhash).toMatch(/^[\w#$%*+,\-.:;=?@[\]^{|}~]{6,}$/);
    const original = await served(media.url!);
    expect(original.status).toBe(200);
    expect(original.bytes.includes(exifMarker)).toBe(false);
    expect(await gpsPositionOf(original.bytes)).toBeUndefined();
    const { width, height } = await sharp(original.bytes).metadata();
    expect({ width, height }).toEqual({ width: 400, height: 600 });
  });

  it('v1 upload, fetch and describe again (before and after posting), then attach with media_ids', async () => {
    const media = await maya.v1.media.create({ file: blobOf(await png(), 'image/png') });
    expect(media.description).toBeNull();
    expect((await maya.v1.media.$select(media.id).fetch()).id).toBe(media.id);
    const described = await maya.v1.media
      .$select(media.id)
      .update({ description: 'A green square', focus: '0,1' });
    expect(described).toMatchObject({ description: 'A green square', meta: { focus: { x: 0, y: 1 } } });

    const status = await maya.v1.statuses.create({ status: 'Look', mediaIds: [media.id], sensitive: true });
    expect(status.sensitive).toBe(true);
    expect(status.mediaAttachments.map((attached) => [attached.id, attached.description])).toEqual([
      [media.id, 'A green square'],
    ]);
    await maya.v1.media.$select(media.id).update({ description: 'A green square, posted' });
    const again = await maya.v1.statuses.$select(status.id).fetch();
    expect(again.mediaAttachments[0]!.description).toBe('A green square, posted');
    // Someone else sees it in the public timeline too.
    const seen = await lena.v1.statuses.$select(status.id).fetch();
    expect(seen.mediaAttachments[0]!.url).toBe(again.mediaAttachments[0]!.url);
  });

  it('a status of images only may have no text; four at most; others cannot use my uploads', async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5].map(async () => (await upload(maya)).id));
    expect(await failure(maya.v1.statuses.create({ status: 'five', mediaIds: ids }))).toMatchObject({
      status: 422,
    });
    const four = await maya.v1.statuses.create({ status: '', mediaIds: ids.slice(0, 4) });
    expect(four.mediaAttachments.map((attached) => attached.id)).toEqual(ids.slice(0, 4));
    // Attached once: not again, and not by anyone else.
    expect(await failure(maya.v1.statuses.create({ status: 'again', mediaIds: [ids[0]!] }))).toMatchObject({
      status: 422,
    });
    expect(await failure(lena.v1.statuses.create({ status: 'mine?', mediaIds: [ids[4]!] }))).toMatchObject({
      status: 422,
    });
    expect(await failure(lena.v1.media.$select(ids[4]!).update({ description: 'hijacked' }))).toMatchObject({
      status: 404,
    });
    expect(await send('DELETE', `/api/v1/media/${ids[4]}`, lenaToken)).toMatchObject({ status: 404 });
    // Attached, it cannot be deleted by itself; unattached, it can.
    expect(await send('DELETE', `/api/v1/media/${ids[0]}`, mayaToken)).toMatchObject({ status: 422 });
    expect(await send('DELETE', `/api/v1/media/${ids[4]}`, mayaToken)).toEqual({ status: 200, body: {} });
    expect(await failure(maya.v1.media.$select(ids[4]!).fetch())).toMatchObject({ status: 404 });
  });

  it('delete-and-redraft keeps the images for the new status; delete_media removes them at once', async () => {
    const media = await upload(maya, 'kept for the redraft');
    const first = await maya.v1.statuses.create({ status: 'draft one', mediaIds: [media.id] });
    const deleted = await maya.v1.statuses.$select(first.id).remove();
    expect(deleted.mediaAttachments.map((attached) => attached.id)).toEqual([media.id]);
    const redraft = await maya.v1.statuses.create({ status: 'draft two', mediaIds: [media.id] });
    expect(redraft.mediaAttachments[0]).toMatchObject({ id: media.id, description: 'kept for the redraft' });
    expect((await served(media.url!)).status).toBe(200);

    expect(await send('DELETE', `/api/v1/statuses/${redraft.id}?delete_media=true`, mayaToken)).toMatchObject(
      {
        status: 200,
      },
    );
    expect((await served(media.url!)).status).toBe(404);
    expect((await served(media.previewUrl!)).status).toBe(404);
    expect(await failure(maya.v1.media.$select(media.id).fetch())).toMatchObject({ status: 404 });
  });

  it('only_media lists the statuses with images', async () => {
    const media = await upload(maya);
    const withImage = await maya.v1.statuses.create({ status: 'with an image', mediaIds: [media.id] });
    await maya.v1.statuses.create({ status: 'words only' });
    const listed = await maya.v1.accounts.$select(mayaId).statuses.list({ onlyMedia: true, limit: 40 });
    expect(listed.length).toBeGreaterThan(0);
    expect(listed[0]!.id).toBe(withImage.id);
    expect(listed.every((status) => status.mediaAttachments.length > 0)).toBe(true);
  });

  it('update_credentials takes the avatar and header as files, cropped to 400×400 and 1500×500', async () => {
    const account = await maya.v1.accounts.updateCredentials({
      avatar: blobOf(await phonePhoto(), 'image/jpeg'),
      header: blobOf(await png(), 'image/png'),
      note: 'Photos now',
    });
    expect(account.note).toContain('Photos now');
    expect(account.avatar).toMatch(new RegExp(`^${server.url}/media/`));
    expect(account.header).toMatch(new RegExp(`^${server.url}/media/`));
    const avatar = await sharp((await served(account.avatar)).bytes).metadata();
    const header = await sharp((await served(account.header)).bytes).metadata();
    expect([avatar.width, avatar.height, header.width, header.height]).toEqual([400, 400, 1500, 500]);
    // Sync's own API shows the same pictures.
    const user = (await server.request('GET', '/api/users/maya.chen')).body.user;
    expect(`${server.url}${user.avatarURL}`).toBe(account.avatar);
    expect(`${server.url}${user.headerURL}`).toBe(account.header);
  });

  it('the instance tells apps what an upload may be', async () => {
    const instance = await maya.v2.instance.fetch();
    expect(instance.configuration.statuses.maxMediaAttachments).toBe(4);
    expect(instance.configuration.mediaAttachments).toMatchObject({
      imageSizeLimit: 16 * 1024 * 1024,
      imageMatrixLimit: 33_177_600,
      descriptionLimit: 1500,
    });
    expect(instance.configuration.mediaAttachments.supportedMimeTypes).toEqual(
      expect.arrayContaining(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']),
    );
  });

  it('a file that is not an image is refused with a message, and nothing is stored', async () => {
    const refused = await failure(
      maya.v2.media.create({ file: blobOf(Buffer.from('not an image at all'), 'image/jpeg') }),
    );
    expect(refused.status).toBe(422);
    expect(refused.error).toMatch(/JPEG, PNG, WebP, GIF and AVIF/);
  });
});
