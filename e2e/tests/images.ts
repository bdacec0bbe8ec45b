import { expect, type APIRequestContext } from '@playwright/test';
import type { TestUser } from './helpers';
import { gradientPng } from './png';

/** Images the specs upload, as the file chooser and the API take them. */
export const image = (name: string, from: number[], to: number[], width = 320, height = 200) => ({
  name,
  mimeType: 'image/png',
  buffer: gradientPng(width, height, from, to),
});
export const dunes = image('dunes.png', [250, 160, 60], [120, 40, 20]);
export const sky = image('sky.png', [40, 90, 200], [200, 230, 255], 200, 300);

/** A post with images made through the API (upload, describe, attach), for the screens to show. */
export async function postWithImages(request: APIRequestContext, user: TestUser, content: string) {
  const ids: string[] = [];
  for (const [file, description] of [
    [dunes, 'Red dunes at sunset'],
    [sky, 'A clear blue sky'],
  ] as const) {
    const upload = await request.post('/api/media', {
      headers: { authorization: user.token },
      multipart: { file, description },
    });
    expect(upload.status()).toBe(201);
    ids.push((await upload.json()).media.id);
  }
  const response = await request.post('/api/posts?return=post', {
    headers: { authorization: user.token },
    data: { postData: { content, mediaIds: ids } },
  });
  expect(response.status()).toBe(201);
  return { postId: (await response.json()).post._id as string, ids };
}
