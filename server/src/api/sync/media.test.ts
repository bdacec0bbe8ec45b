import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { ErrorBody, MediaAttachment } from '@sync/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/expectations.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import {
  animatedGif,
  bareSvg,
  decompressionBomb,
  exifMarker,
  gpsPositionOf,
  headerOnlyBomb,
  heic,
  jpeg,
  phonePhoto,
  photoPosition,
  pixelAt,
  png,
  seventeenMegabytes,
  svg,
  textFile,
} from '../../test/images.js';
import { newPerson, succeed, type Person } from '../../test/people.js';
import { fetchFile, sendFile, type FileToSend } from '../../test/uploads.js';
import { grantRoleFromCommandLine } from '../../use-cases/shared/role-changes.js';

const hour = 60 * 60 * 1000;
const MiB = 1024 * 1024;

/** Files and rows of the media of one test server, and the calls its suites make. */
function mediaHelpers(server: () => TestServer) {
  const folder = () => {
    const { store } = server().config.media;
    if (store.kind !== 'disk') throw new Error('these suites use the disk store');
    return store.folder;
  };
  const fileName = (url: string) => path.basename(new URL(url, 'http://x').pathname);
  const helpers = {
    folder,
    upload: (who: Person | undefined, file: FileToSend, fields?: Record<string, string>) =>
      sendFile(server().url, '/api/media', who?.token, file, { fields }),
    /** An upload that must succeed: its `media`. */
    uploaded: async (who: Person, file?: FileToSend, fields?: Record<string, string>) => {
      const reply = await helpers.upload(who, file ?? { bytes: await jpeg(320, 240) }, fields);
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return reply.body.media;
    },
    served: (url: string, headers?: Record<string, string>) => fetchFile(server().url, url, headers),
    /** Whether the store's folder holds the file a media url names. */
    onDisk: (url: string) => fs.existsSync(path.join(folder(), fileName(url))),
    filesOnDisk: () => (fs.existsSync(folder()) ? fs.readdirSync(folder()).sort() : []),
    mediaRows: async () =>
      Number(
        (
          await server()
            .database.db.selectFrom('media')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
  return helpers;
}

describeEachDatabase('media', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());
  const { folder, upload, uploaded, served, onDisk, filesOnDisk, mediaRows } = mediaHelpers(() => server);
  const person = (prefix: string) => newPerson(server, prefix);
  const createPost = async (who: Person, mediaIds: string[], content = 'With pictures') =>
    (await succeed(server, 'POST', '/api/posts?return=post', who, { postData: { content, mediaIds } })).post;
  const readPost = async (id: string, who?: Person) =>
    (await succeed(server, 'GET', `/api/posts/${id}`, who)).post;
  /** Both of an image's files are served, and kept in the store's folder. */
  const expectServed = async (media: { url: string; previewUrl: string }) => {
    for (const url of [media.url, media.previewUrl]) {
      expect((await served(url)).status, url).toBe(200);
      expect(onDisk(url), url).toBe(true);
    }
  };
  /** Both of an image's files are gone: from the store's folder, and 404 to anyone. */
  const expectGone = async (media: { url: string; previewUrl: string }) => {
    for (const url of [media.url, media.previewUrl]) {
      const reply = await served(url);
      expect(reply.status, url).toBe(404);
      expect(onDisk(url), url).toBe(false);
    }
  };

  describe('what an upload becomes', () => {
    it('a phone photo with GPS and EXIF orientation 6 is served upright, with no EXIF and no position', async () => {
      const photo = await phonePhoto();
      // The file as a phone sends it: sideways, with where and with what it was taken.
      expect(await gpsPositionOf(photo)).toEqual(photoPosition);
      expect((await sharp(photo).metadata()).orientation).toBe(6);
      expect(photo.includes('TestCam')).toBe(true);

      const who = await person('photographer');
      const media = await uploaded(who, { bytes: photo, name: 'IMG_0001.JPG' });
      expect(media).toMatchObject({ type: 'image', width: 400, height: 600, animated: false });
      expect(media.url).toMatch(/^\/media\/[A-Za-z0-9_-]{20,}\.jpg$/);
      expect(media.previewUrl).toMatch(/^\/media\/[A-Za-z0-9_-]{20,}\.small\.webp$/);
      expect(media.blurhash).toMatch(/^[0-9A-Za-z#$%*+,\-.:;=?@[\]^_{|}~]{20,}$/);

      const original = await served(media.url);
      expect(original.status).toBe(200);
      expect(original.headers.get('content-type')).toBe('image/jpeg');
      const stored = await sharp(original.bytes).metadata();
      expect(stored).toMatchObject({ format: 'jpeg', width: 400, height: 600 });
      expect(stored.orientation).toBeUndefined();
      expect(stored.exif).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(stored.iptc).toBeUndefined();
      expect(await gpsPositionOf(original.bytes)).toBeUndefined();
      expect(original.bytes.includes(exifMarker)).toBe(false);
      expect(original.bytes.includes('TestCam')).toBe(false);
      // Upright: the photo's left side (red) is now its top, the right side (blue) its bottom.
      const [top, bottom] = [await pixelAt(original.bytes, 200, 20), await pixelAt(original.bytes, 200, 580)];
      expect(top[0]).toBeGreaterThan(150);
      expect(top[2]).toBeLessThan(80);
      expect(bottom[2]).toBeGreaterThan(150);
      expect(bottom[0]).toBeLessThan(80);

      const preview = await served(media.previewUrl);
      expect(preview.headers.get('content-type')).toBe('image/webp');
      const small = await sharp(preview.bytes).metadata();
      expect(small).toMatchObject({ format: 'webp', width: media.previewWidth, height: media.previewHeight });
      expect([small.width, small.height]).toEqual([400, 600]);
      expect(small.exif).toBeUndefined();
      expect(preview.bytes.includes('TestCam')).toBe(false);
    });

    it('keeps the colour profile, the one piece of metadata kept', async () => {
      const bytes = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#c04040' } })
        .jpeg()
        .withIccProfile('p3')
        .withExif({ IFD0: { Make: 'TestCam' } })
        .toBuffer();
      expect((await sharp(bytes).metadata()).icc).toBeDefined();
      const media = await uploaded(await person('colour'), { bytes });
      const stored = await sharp((await served(media.url)).bytes).metadata();
      expect(stored.icc).toBeDefined();
      expect(stored.exif).toBeUndefined();
    });

    it('a PNG named .jpg and sent as image/jpeg is stored and served as the PNG it is', async () => {
      const media = await uploaded(await person('renamer'), {
        bytes: await png(),
        name: 'screenshot.jpg',
        type: 'image/jpeg',
      });
      expect(media).toMatchObject({ width: 320, height: 200 });
      expect(media.url).toMatch(/\.png$/);
      const original = await served(media.url);
      expect(original.headers.get('content-type')).toBe('image/png');
      expect(original.bytes.subarray(0, 8)).toEqual(
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      );
      expect((await sharp(original.bytes).metadata()).hasAlpha).toBe(true);
    });

    it('an animated GIF becomes an animated WebP, its preview the still first frame', async () => {
      const media = await uploaded(await person('animator'), {
        bytes: await animatedGif(),
        name: 'a.gif',
        type: 'image/gif',
      });
      expect(media).toMatchObject({ animated: true, width: 64, height: 48 });
      expect(media.url).toMatch(/\.webp$/);
      const original = await served(media.url);
      expect(original.headers.get('content-type')).toBe('image/webp');
      expect(await sharp(original.bytes, { animated: true }).metadata()).toMatchObject({
        format: 'webp',
        pages: 3,
      });
      const preview = await sharp((await served(media.previewUrl)).bytes, { animated: true }).metadata();
      expect(preview.pages ?? 1).toBe(1);
      const [r, g] = await pixelAt((await served(media.previewUrl)).bytes, 30, 20);
      expect(r).toBeGreaterThan(200);
      expect(g).toBeLessThan(60);
    });

    it('a photo larger than 3840×2160 is stored at most that size; its preview is 640 px wide', async () => {
      const media = await uploaded(await person('bigphoto'), { bytes: await jpeg(5000, 2500) });
      expect(media).toMatchObject({ width: 3840, height: 1920, previewWidth: 640, previewHeight: 320 });
      const stored = await sharp((await served(media.url)).bytes).metadata();
      expect([stored.width, stored.height]).toEqual([3840, 1920]);
    });

    it('takes alt text and a focal point with the file; refuses a focal point out of range', async () => {
      const who = await person('describer');
      const media = await uploaded(who, undefined, { description: 'A grey card', focus: '0.5,-0.25' });
      expect(media).toMatchObject({ description: 'A grey card', focus: { x: 0.5, y: -0.25 } });
      const before = await mediaRows();
      const reply = await upload(who, { bytes: await jpeg(10, 10) }, { focus: '2,0' });
      expectError(
        reply,
        422,
        'The focal point must be two numbers from -1 to 1, as "x,y" (for example "0.5,-0.2").',
      );
      const long = await upload(who, { bytes: await jpeg(10, 10) }, { description: 'x'.repeat(1501) });
      expectError(long, 400, "Alt text can't be longer than 1,500 characters (it has 1,501).");
      expect(await mediaRows()).toBe(before);
    });
  });

  describe('what an upload refuses', () => {
    const refusals: [string, number, RegExp, () => Promise<FileToSend> | FileToSend][] = [
      [
        'a text file named .jpg',
        422,
        /^This file is not an image Sync can show\. Sync takes JPEG, PNG, WebP, GIF and AVIF images, whatever the file's name says\.$/,
        () => ({ bytes: textFile, name: 'photo.jpg', type: 'image/jpeg' }),
      ],
      [
        'an SVG with a script',
        422,
        /^SVG drawings can carry scripts, so Sync does not take them\. .*export it as PNG\.$/,
        () => ({ bytes: svg, name: 'drawing.svg', type: 'image/svg+xml' }),
      ],
      [
        'an SVG named .png',
        422,
        /^SVG drawings can carry scripts/,
        () => ({ bytes: bareSvg, name: 'drawing.png', type: 'image/png' }),
      ],
      [
        'a HEIC photo',
        422,
        /^This is a HEIC photo, .*Export it as JPEG/,
        () => ({ bytes: heic, name: 'IMG_0002.HEIC', type: 'image/heic' }),
      ],
      [
        'a decompression bomb (10000×10000 pixels in 300 KB)',
        413,
        /^The image has 100\.0 megapixels \(all frames together\), more than the 33\.2 megapixels Sync takes\./,
        async () => ({ bytes: await decompressionBomb(), name: 'bomb.png', type: 'image/png' }),
      ],
      [
        "a decompression bomb past libvips's own limit (20000×20000 pixels in a few KB)",
        413,
        /^The image has 400\.0 megapixels \(all frames together\), more than the 33\.2 megapixels Sync takes\./,
        () => ({ bytes: headerOnlyBomb(), name: 'bomb.png', type: 'image/png' }),
      ],
      [
        'a 17 MB file',
        413,
        /^The file is larger than 16 MB, the most Sync takes\./,
        async () => ({ bytes: await seventeenMegabytes(), name: 'huge.jpg' }),
      ],
    ];

    it.each(refusals)(
      '%s: %i with a message saying what to do, and nothing stored',
      async (_, status, message, file) => {
        const who = await person('refused');
        const [rows, files] = [await mediaRows(), filesOnDisk()];
        const reply = await upload(who, await file());
        expectError(reply, status);
        expect(reply.body.errors[0]).toMatch(message);
        expect(await mediaRows()).toBe(rows);
        expect(filesOnDisk()).toEqual(files);
      },
    );

    it('no file: 422 saying how to send one; no token: 401', async () => {
      const who = await person('nofile');
      expectError(
        await server.request('POST', '/api/media', { token: who.token, body: { file: 'x' } }),
        422,
        'Send the image as multipart/form-data, with the file in the field "file".',
      );
      expect((await upload(undefined, { bytes: await jpeg(10, 10) })).status).toBe(401);
    });
  });

  describe('images on posts and comments', () => {
    it('a post with two images carries them in order, in the post, the feed page and the author list; each url serves', async () => {
      const [author, reader] = [await person('poster'), await person('reader')];
      await succeed(server, 'POST', `/api/users/follow/${author.id}`, reader);
      const first = await uploaded(
        author,
        { bytes: await jpeg(300, 200, '#ff0000') },
        { description: 'Red' },
      );
      const second = await uploaded(author, { bytes: await png() }, { description: 'Green' });
      const created = await createPost(author, [second.id, first.id]);
      expect(created.media!.map((media) => media.id)).toEqual([second.id, first.id]);

      const inPost = (await readPost(created._id, reader)).media!;
      expect(inPost).toEqual([second, first]);
      for (const media of inPost) {
        expect(media.url).toMatch(/^(https?:\/\/[^/]+)?\/media\//);
        await expectServed(media);
      }
      const feed = (await succeed(server, 'GET', '/api/timeline?limit=5', reader)).posts;
      expect(feed.find((post) => post._id === created._id)?.media).toEqual(inPost);
      const byAuthor = (await succeed(server, 'GET', `/api/posts/user/${author.username}`)).posts;
      expect(byAuthor.find((post) => post._id === created._id)?.media).toEqual(inPost);
      // A post without images has no `media` (the spec's shape as it was).
      const plain = await createPost(author, []);
      expect(plain).not.toHaveProperty('media');
      expect(plain).not.toHaveProperty('sensitive');
    });

    it('a sensitive post says so; an image-only post needs no text', async () => {
      const author = await person('sensitive');
      const media = await uploaded(author);
      const reply = await succeed(server, 'POST', '/api/posts?return=post', author, {
        postData: { content: '', mediaIds: [media.id], sensitive: true },
      });
      expect(reply.post).toMatchObject({ sensitive: true, media: [{ id: media.id }] });
    });

    it('a fifth image is refused with 422, and nothing is written: the four can still be posted', async () => {
      const author = await person('five');
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await uploaded(author, { bytes: await jpeg(40, 30) })).id);
      const postsBefore = (await succeed(server, 'GET', `/api/posts/user/${author.username}`)).posts.length;
      const reply = await server.request('POST', '/api/posts', {
        token: author.token,
        body: { postData: { content: 'Too many', mediaIds: ids } },
      });
      expectError(reply, 422, 'A post can show at most 4 images; this one has 5. Take 1 off.');
      expect((await succeed(server, 'GET', `/api/posts/user/${author.username}`)).posts).toHaveLength(
        postsBefore,
      );
      const rows = await server.database.db
        .selectFrom('media')
        .select(['post_id', 'unattached_since'])
        .where('id', 'in', ids)
        .execute();
      expect(rows).toHaveLength(5);
      for (const row of rows)
        expect(row).toMatchObject({ post_id: null, unattached_since: expect.any(String) });
      expect((await createPost(author, ids.slice(0, 4))).media).toHaveLength(4);
    });

    it('another account cannot attach, read, edit or delete my upload (404/422), and it stays as it was', async () => {
      const [me, other] = [await person('owner'), await person('intruder')];
      const mine = await uploaded(me, undefined, { description: 'Mine' });
      const rows = await mediaRows();

      const attach = await server.request('POST', '/api/posts', {
        token: other.token,
        body: { postData: { content: 'Stolen', mediaIds: [mine.id] } },
      });
      expectError(attach, 422);
      expect(attach.body.errors[0]).toMatch(
        new RegExp(`^Image "${mine.id}" cannot be attached: it is not an upload of yours`),
      );
      expect((await succeed(server, 'GET', `/api/posts/user/${other.username}`)).posts).toHaveLength(0);
      const ownPost = await createPost(other, []);
      const comment = await server.request('POST', `/api/comments/add/${ownPost._id}`, {
        token: other.token,
        body: { commentData: { text: 'Stolen', mediaIds: [mine.id] } },
      });
      expectError(comment, 422);

      const notFound = `No upload with id "${mine.id}" of yours exists. It may have been deleted, or posted and then deleted.`;
      expectError(
        await server.request('GET', `/api/media/${mine.id}`, { token: other.token }),
        404,
        notFound,
      );
      expectError(
        await server.request('PATCH', `/api/media/${mine.id}`, {
          token: other.token,
          body: { description: 'Theirs' },
        }),
        404,
        notFound,
      );
      expectError(
        await server.request('DELETE', `/api/media/${mine.id}`, { token: other.token }),
        404,
        notFound,
      );

      expect((await succeed(server, 'GET', `/api/media/${mine.id}`, me)).media).toEqual(mine);
      expect(await mediaRows()).toBe(rows);
      await expectServed(mine);
      expect((await createPost(me, [mine.id])).media).toEqual([mine]);
    });

    it('an upload goes on one post only; a posted image cannot be deleted alone (422)', async () => {
      const author = await person('once');
      const media = await uploaded(author);
      await createPost(author, [media.id]);
      expectError(
        await server.request('POST', '/api/posts', {
          token: author.token,
          body: { postData: { content: 'Again', mediaIds: [media.id] } },
        }),
        422,
      );
      expectError(
        await server.request('DELETE', `/api/media/${media.id}`, { token: author.token }),
        422,
        'This image is part of a post or a comment: delete that (or edit it) to take the image off.',
      );
      await expectServed(media);
    });

    it('alt text edited after posting shows in the post at once (its version moves, so no cached copy stays)', async () => {
      const author = await person('alttext');
      const media = await uploaded(author, undefined, { description: 'Before' });
      const post = await createPost(author, [media.id]);
      const version = async () =>
        (
          await server.database.db
            .selectFrom('posts')
            .select('version')
            .where('id', '=', post._id)
            .executeTakeFirstOrThrow()
        ).version;
      // Read once, so the hydrated post is cached at its version.
      expect((await readPost(post._id)).media![0]!.description).toBe('Before');
      const before = await version();
      const patched = await succeed(server, 'PATCH', `/api/media/${media.id}`, author, {
        description: 'After: a grey card on a table',
        focus: { x: -0.5, y: 0.5 },
      });
      expect(patched.media).toMatchObject({
        description: 'After: a grey card on a table',
        focus: { x: -0.5, y: 0.5 },
      });
      expect(await version()).toBeGreaterThan(before);
      expect((await readPost(post._id)).media![0]).toMatchObject({
        description: 'After: a grey card on a table',
        focus: { x: -0.5, y: 0.5 },
      });
    });

    it('a comment shows one image; two are refused; deleting the comment deletes its image', async () => {
      const [author, commenter] = [await person('commented'), await person('commenter')];
      const post = await createPost(author, []);
      const [one, two] = [await uploaded(commenter), await uploaded(commenter)];
      const refused = await server.request('POST', `/api/comments/add/${post._id}`, {
        token: commenter.token,
        body: { commentData: { text: 'Two', mediaIds: [one.id, two.id] } },
      });
      expectError(refused, 422, 'A comment can show at most 1 image; this one has 2. Take 1 off.');
      expect((await readPost(post._id)).comments).toHaveLength(0);

      const added = await succeed(server, 'POST', `/api/comments/add/${post._id}?return=post`, commenter, {
        commentData: { text: 'One', mediaIds: [one.id] },
      });
      expect(added.comment!.media).toEqual([one]);
      const shown = (await readPost(post._id)).comments;
      expect(shown).toHaveLength(1);
      expect(shown[0]!.media).toEqual([one]);
      await expectServed(one);

      await succeed(server, 'POST', `/api/comments/delete/${post._id}/${added.comment!._id}`, commenter);
      await expectGone(one);
      // The other upload, never attached, is still there to use.
      await expectServed(two);
    });
  });

  describe('deletion', () => {
    it("a deleted post's files are gone from the store's folder and its urls 404, with its comments' images", async () => {
      const [author, commenter] = [await person('deleter'), await person('replier')];
      const images = [await uploaded(author), await uploaded(author, { bytes: await png() })];
      const post = await createPost(
        author,
        images.map((image) => image.id),
      );
      const onComment = await uploaded(commenter);
      await succeed(server, 'POST', `/api/comments/add/${post._id}`, commenter, {
        commentData: { text: 'Nice', mediaIds: [onComment.id] },
      });
      for (const image of [...images, onComment]) await expectServed(image);

      await succeed(server, 'DELETE', `/api/posts/${post._id}`, author);
      for (const image of [...images, onComment]) await expectGone(image);
      const left = await server.database.db
        .selectFrom('media')
        .select('id')
        .where(
          'id',
          'in',
          [...images, onComment].map((image) => image.id),
        )
        .execute();
      expect(left).toEqual([]);
    });

    it('deleting an unattached upload deletes its files; it cannot be posted after', async () => {
      const author = await person('undo');
      const media = await uploaded(author);
      expect((await succeed(server, 'DELETE', `/api/media/${media.id}`, author)).deleted).toBe(media.id);
      await expectGone(media);
      expectError(
        await server.request('POST', '/api/posts', {
          token: author.token,
          body: { postData: { content: 'Gone', mediaIds: [media.id] } },
        }),
        422,
      );
    });

    it("an account's deletion deletes every file of theirs: posted, waiting and their avatar", async () => {
      const leaving = await person('leaving');
      const posted = await uploaded(leaving);
      await createPost(leaving, [posted.id]);
      const waiting = await uploaded(leaving);
      const avatarUrl = (
        await sendFile(
          server.url,
          '/api/account/avatar',
          leaving.token,
          { bytes: await jpeg(500, 500) },
          { method: 'PUT' },
        )
      ).body.user.avatarURL;
      await expectServed(posted);
      await expectServed(waiting);
      expect(onDisk(avatarUrl)).toBe(true);

      await succeed(server, 'POST', '/api/account/delete', leaving, { password: 'password123' });
      await expectGone(posted);
      await expectGone(waiting);
      expect(onDisk(avatarUrl)).toBe(false);
      expect((await served(avatarUrl)).status).toBe(404);
      const rows = await server.database.db
        .selectFrom('media')
        .select('id')
        .where('owner_id', '=', leaving.id)
        .execute();
      expect(rows).toEqual([]);
    });

    it("a suspended account's media is not served (404); lifting the suspension serves it again", async () => {
      const [target, moderator] = [await person('suspendee'), await person('moderator')];
      await grantRoleFromCommandLine(server.app.deps, { username: moderator.username, role: 'moderator' });
      const media = await uploaded(target);
      await createPost(target, [media.id]);
      await expectServed(media);
      const act = (type: string) =>
        succeed(server, 'POST', `/api/admin/accounts/${target.username}/actions`, moderator, {
          type,
          ...(type === 'suspend' && { text: 'Spam' }),
        });
      await act('suspend');
      for (const url of [media.url, media.previewUrl]) {
        expect((await served(url)).status).toBe(404);
        // Kept, not deleted: a suspension can be lifted.
        expect(onDisk(url)).toBe(true);
      }
      await act('unsuspend');
      await expectServed(media);
    });

    it('an upload left unattached is swept by the job after 24 hours; a younger one and a posted one are kept', async () => {
      const author = await person('sweeper');
      const abandoned = await uploaded(author);
      const posted = await uploaded(author);
      const post = await createPost(author, [posted.id]);
      server.clock.advance(23 * hour);
      const young = await uploaded(author);
      await server.app.jobs.runDue();
      // 23 hours: not yet.
      await expectServed(abandoned);

      server.clock.advance(hour + 1000);
      await server.app.jobs.runDue();
      await expectGone(abandoned);
      expectError(await server.request('GET', `/api/media/${abandoned.id}`, { token: author.token }), 404);
      await expectServed(young);
      expect((await succeed(server, 'GET', `/api/media/${young.id}`, author)).media).toEqual(young);
      await expectServed(posted);
      expect((await readPost(post._id)).media).toEqual([posted]);
    });
  });

  describe('serving /media/<file>', () => {
    let media: MediaAttachment;
    let whole: Buffer;
    beforeAll(async () => {
      media = await uploaded(await person('served'), { bytes: await phonePhoto() });
      whole = (await served(media.url)).bytes;
    });

    it('immutable for a year, never sniffed, never a script, with its type and length', async () => {
      const reply = await served(media.url);
      expect(reply.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      const csp = reply.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain('sandbox');
      expect(csp).not.toMatch(/script-src|'unsafe-eval'|\*/);
      expect(reply.headers.get('content-type')).toBe('image/jpeg');
      expect(Number(reply.headers.get('content-length'))).toBe(whole.length);
      expect(reply.headers.get('accept-ranges')).toBe('bytes');
      const etag = reply.headers.get('etag')!;
      expect((await served(media.url, { 'if-none-match': etag })).status).toBe(304);
    });

    it('loads in a page of any origin (a web app elsewhere), as an image and through fetch', async () => {
      for (const reply of [
        await served(media.url, { origin: 'https://phanpy.example' }),
        await served(media.url, {
          origin: 'https://phanpy.example',
          'if-none-match': `"${media.url.split('/').pop()}"`,
        }),
      ]) {
        expect(reply.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
        expect(reply.headers.get('access-control-allow-origin')).toBe('*');
      }
    });

    it('a range: 206 with content-range and those bytes; a suffix range; 416 past the end', async () => {
      const part = await served(media.url, { range: 'bytes=100-199' });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 100-199/${whole.length}`);
      expect(part.bytes).toEqual(whole.subarray(100, 200));
      const tail = await served(media.url, { range: 'bytes=-50' });
      expect(tail.status).toBe(206);
      expect(tail.headers.get('content-range')).toBe(
        `bytes ${whole.length - 50}-${whole.length - 1}/${whole.length}`,
      );
      expect(tail.bytes).toEqual(whole.subarray(-50));
      const open = await served(media.url, { range: `bytes=${whole.length - 10}-` });
      expect(open.bytes).toEqual(whole.subarray(-10));
      const past = await served(media.url, { range: `bytes=${whole.length}-` });
      expect(past.status).toBe(416);
      expect(past.headers.get('content-range')).toBe(`bytes */${whole.length}`);
    });

    it('an unknown or malformed name is 404, never a path outside the folder', async () => {
      const key = path.basename(media.url).split('.')[0]!;
      for (const name of [
        'AAAAAAAAAAAAAAAAAAAAAAAA.jpg',
        `${key}.png`,
        `${key}.small.png`,
        '..%2F..%2Fetc%2Fpasswd',
        `${key}.jpg%00`,
      ]) {
        expect((await served(`/media/${name}`)).status, name).toBe(404);
      }
    });
  });

  describe('avatars and headers', () => {
    it('an avatar is cropped square, 400×400; the user points at it; a second one removes the first file', async () => {
      const who = await person('avatar');
      const put = (bytes: Buffer) =>
        sendFile(server.url, '/api/account/avatar', who.token, { bytes }, { method: 'PUT' });
      const first = await put(await jpeg(800, 600, '#3050f0'));
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const firstUrl = first.body.user.avatarURL;
      expect(firstUrl).toMatch(/^\/media\/[A-Za-z0-9_-]+\.jpg$/);
      expect((await succeed(server, 'GET', `/api/users/${who.username}`)).user.avatarURL).toBe(firstUrl);
      const image = await sharp((await served(firstUrl)).bytes).metadata();
      expect([image.width, image.height]).toEqual([400, 400]);

      const second = await put(await png());
      expect(second.status).toBe(200);
      const secondUrl = second.body.user.avatarURL;
      expect(secondUrl).not.toBe(firstUrl);
      expect((await served(secondUrl)).status).toBe(200);
      expect(onDisk(firstUrl)).toBe(false);
      expect((await served(firstUrl)).status).toBe(404);
      // Avatars are no uploads to attach.
      const id = (
        await server.database.db
          .selectFrom('media')
          .select('id')
          .where('owner_id', '=', who.id)
          .executeTakeFirstOrThrow()
      ).id;
      expectError(await server.request('GET', `/api/media/${id}`, { token: who.token }), 404);

      const removed = await succeed(server, 'DELETE', '/api/account/avatar', who);
      expect(removed.user.avatarURL).toBe('');
      expect(onDisk(secondUrl)).toBe(false);
    });

    it('a header is cut to 1500×500 and shown as headerURL', async () => {
      const who = await person('header');
      const reply = await sendFile(
        server.url,
        '/api/account/header',
        who.token,
        { bytes: await jpeg(2000, 1000) },
        { method: 'PUT' },
      );
      expect(reply.status).toBe(200);
      const url = reply.body.user.headerURL!;
      expect(url).toMatch(/^\/media\//);
      expect((await succeed(server, 'GET', `/api/users/${who.username}`)).user.headerURL).toBe(url);
      const image = await sharp((await served(url)).bytes).metadata();
      expect([image.width, image.height]).toEqual([1500, 500]);
      expect(onDisk(url)).toBe(true);
    });

    it('a refused file leaves the avatar as it was', async () => {
      const who = await person('keepavatar');
      const before = (await succeed(server, 'GET', `/api/users/${who.username}`)).user.avatarURL;
      const reply = await sendFile(
        server.url,
        '/api/account/avatar',
        who.token,
        { bytes: svg, name: 'me.svg' },
        { method: 'PUT' },
      );
      expect(reply.status).toBe(422);
      expect((await succeed(server, 'GET', `/api/users/${who.username}`)).user.avatarURL).toBe(before);
    });
  });

  it('GET /api/instance says what an upload may be', async () => {
    const reply = await server.request('GET', '/api/instance');
    expect(reply.body.instance.media).toEqual({
      maxPerPost: 4,
      maxBytes: 16 * MiB,
      maxPixels: 33_177_600,
      descriptionMax: 1500,
      types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'],
    });
    expect(folder()).toBe(path.join(server.config.dataDir, 'media'));
  });
});

describeEachDatabase('media limits', (dialect) => {
  describe('the storage quota (MEDIA_QUOTA_MB=1)', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer(dialect, { env: { MEDIA_QUOTA_MB: '1' }, seed: false });
    });
    afterAll(() => server.close());
    const { upload, filesOnDisk, mediaRows } = mediaHelpers(() => server);

    /** A photo of noise: JPEG cannot make it small, so a few fill a megabyte. */
    const noise = () =>
      sharp(randomBytes(500 * 500 * 3), { raw: { width: 500, height: 500, channels: 3 } })
        .jpeg({ quality: 95 })
        .toBuffer();

    it('the upload that would pass it gets 413 saying how much is left; deleting an upload makes room', async () => {
      const who = await newPerson(server, 'quota');
      const accepted: MediaAttachment[] = [];
      let refused: Awaited<ReturnType<typeof upload>> | undefined;
      for (let i = 0; i < 10 && !refused; i++) {
        const rows = await mediaRows();
        const files = filesOnDisk();
        const reply = await upload(who, { bytes: await noise() });
        if (reply.status === 201) accepted.push(reply.body.media);
        else {
          refused = reply;
          expect(await mediaRows()).toBe(rows);
          expect(filesOnDisk()).toEqual(files);
        }
      }
      expect(accepted.length).toBeGreaterThan(0);
      expect(refused).toBeDefined();
      expectError(refused!, 413);
      const used = (
        await server.database.db
          .selectFrom('media')
          .select(['bytes'])
          .where('owner_id', '=', who.id)
          .execute()
      ).reduce((sum, row) => sum + row.bytes, 0);
      const left = ((MiB - used) / MiB).toFixed(1);
      expect(refused!.body.errors[0]).toBe(
        `Your uploads would pass your 1.0 MB of storage: ${left} MB is left. Delete posts with images you no longer need, or upload a smaller file.`,
      );

      await succeed(server, 'DELETE', `/api/media/${accepted[0]!.id}`, who);
      expect((await upload(who, { bytes: await noise() })).status).toBe(201);
      // Someone else's uploads are theirs: another account has its own megabyte.
      expect((await upload(await newPerson(server, 'quota2'), { bytes: await noise() })).status).toBe(201);
    });
  });

  describe('the upload rate limit (RATE_LIMIT_UPLOADS=2)', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer(dialect, {
        env: { RATE_LIMITS: 'on', RATE_LIMIT_UPLOADS: '2' },
        seed: false,
      });
    });
    afterAll(() => server.close());
    const { upload, mediaRows } = mediaHelpers(() => server);

    /**
     * Starts an upload of 17 MB and sends only its first 64 KB: the answer that comes meanwhile was
     * given before the file was read (a server reading it first would wait for the rest).
     */
    const answerBeforeTheFile = (token: string) =>
      new Promise<{ status: number; retryAfter: string | undefined; body: ErrorBody }>((resolve, reject) => {
        const boundary = 'sync-test-boundary';
        const url = new URL('/api/media', server.url);
        const request = http.request(url, {
          method: 'POST',
          headers: {
            authorization: token,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(17 * MiB),
          },
        });
        request.on('response', (response) => {
          let text = '';
          response.on('data', (chunk) => (text += String(chunk)));
          response.on('end', () => {
            request.destroy();
            resolve({
              status: response.statusCode!,
              retryAfter: response.headers['retry-after'] as string | undefined,
              body: JSON.parse(text),
            });
          });
        });
        request.on('error', reject);
        request.write(
          `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
        );
        request.write(Buffer.alloc(64 * 1024, 0xab));
      });

    it('the third upload in 30 minutes is 429 before its file is read; another account may still upload', async () => {
      const who = await newPerson(server, 'uploader');
      for (let i = 0; i < 2; i++) expect((await upload(who, { bytes: await jpeg(20, 20) })).status).toBe(201);
      const rows = await mediaRows();
      const refused = await answerBeforeTheFile(who.token);
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(refused.body.errors[0]).toMatch(
        /^You have uploaded 2 images in the last 30 minutes, the most Sync takes\. Try again in \d+ minutes?\.$/,
      );
      expect(await mediaRows()).toBe(rows);
      // Avatars count too.
      const avatar = await sendFile(
        server.url,
        '/api/account/avatar',
        who.token,
        { bytes: await jpeg(20, 20) },
        { method: 'PUT' },
      );
      expect(avatar.status).toBe(429);
      expect((await upload(await newPerson(server, 'other'), { bytes: await jpeg(20, 20) })).status).toBe(
        201,
      );
    });
  });
});
