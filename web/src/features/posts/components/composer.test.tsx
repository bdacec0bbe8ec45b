import type { InstanceInfo, Post } from '@sync/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAltTextReminder } from '../../../lib/alt-text-reminder';
import { clearSession, setSession } from '../../../lib/session';
import { fakeApi, refusal } from '../../../lib/test/fake-api';
import { fakeUploads } from '../../../lib/test/fake-upload';
import { mediaAttachment, mediaConfiguration } from '../../../lib/test/media';
import { sessionUser } from '../../../lib/test/session-users';
import { Composer } from './composer';

const instance: InstanceInfo = {
  title: 'Sync',
  description: '',
  contactEmail: '',
  owner: null,
  moderators: [],
  rules: [],
  registrations: { mode: 'open', message: '' },
  media: { ...mediaConfiguration, maxBytes: 1000 },
};

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

function post(fields: Partial<Post>): Post {
  return {
    _id: 'p1',
    username: 'me',
    firstName: 'Me',
    lastName: 'Myself',
    avatarURL: '',
    content: '',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
    comments: [],
    commentCount: 0,
    ...fields,
  };
}

/** The composer with the server's answers: uploads are numbered m1, m2… in the order they arrive. */
function renderComposer(upload?: Parameters<typeof fakeUploads>[0][string]) {
  let uploaded = 0;
  const uploads = fakeUploads({
    'POST /media': upload ?? (() => ({ status: 201, body: { media: mediaAttachment(`m${++uploaded}`) } })),
  });
  const api = fakeApi({
    'GET /instance': () => ({ body: { instance } }),
    'GET /account/preferences': () => ({ body: { preferences: { quotePolicy: 'followers' } } }),
    'PATCH /media/m1': ({ body }) => ({ body: { media: mediaAttachment('m1', body as object) } }),
    'DELETE /media/m1': () => ({ body: { deleted: 'm1' } }),
    'POST /posts': ({ body }) => ({
      status: 201,
      body: { post: post((body as { postData: object }).postData) },
    }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Composer />
    </QueryClientProvider>,
  );
  return { api, uploads };
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
async function choose(...files: File[]) {
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Add images' }).hasAttribute('disabled')).toBe(false),
  );
  fireEvent.change(fileInput(), { target: { files } });
}
/** The images' list has come, and every upload in it has finished. */
async function uploaded() {
  await screen.findByRole('list', { name: 'Images to post' });
  await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
}
const posted = (api: ReturnType<typeof fakeApi>) =>
  api.sent.filter((r) => r.method === 'POST' && r.path === '/posts');

beforeEach(() => setSession('token', sessionUser('user')));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
  setAltTextReminder(true);
  localStorage.clear();
});

describe('Composer with images', () => {
  it('offers the file picker the types the instance takes', async () => {
    renderComposer();
    await waitFor(() =>
      expect(fileInput().accept).toBe('image/jpeg,image/png,image/webp,image/gif,image/avif'),
    );
  });

  it('refuses before uploading: a HEIC photo, a file that is no image, one too large, one too many', async () => {
    const { uploads } = renderComposer();
    await choose(
      file('IMG_0001.HEIC', ''),
      file('notes.txt', 'text/plain'),
      file('huge.jpg', 'image/jpeg', 2048),
      file('a.jpg', 'image/jpeg'),
      file('b.jpg', 'image/jpeg'),
      file('c.jpg', 'image/jpeg'),
      file('d.jpg', 'image/jpeg'),
      file('e.jpg', 'image/jpeg'),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      '“IMG_0001.HEIC” is a HEIC photo, which Sync does not take. Export it as JPEG',
    );
    expect(alert.textContent).toContain(
      '“notes.txt” is not an image Sync takes (JPEG, PNG, WebP, GIF, AVIF).',
    );
    expect(alert.textContent).toContain('“huge.jpg” is 2 KB; an image can be at most 1 KB.');
    expect(alert.textContent).toContain('You can add up to 4 images.');
    await waitFor(() =>
      expect(uploads.sent.map((u) => u.file?.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg']),
    );
    expect(screen.getByRole('button', { name: 'Add images' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's refusal of an upload, and drops the image", async () => {
    renderComposer(() => refusal(413, 'This would pass your storage quota: 2.1 MB left.'));
    await choose(file('big.jpg', 'image/jpeg'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      '“big.jpg” could not be added: This would pass your storage quota: 2.1 MB left.',
    );
    expect(screen.queryByRole('list', { name: 'Images to post' })).toBeNull();
  });

  it('uploads with a progress bar, then Remove deletes the upload', async () => {
    const { api } = renderComposer();
    await choose(file('photo.jpg', 'image/jpeg'));
    expect(await screen.findByRole('progressbar', { name: 'Uploading photo.jpg' })).toBeTruthy();
    await uploaded();
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo.jpg' }));
    expect(screen.queryByRole('list', { name: 'Images to post' })).toBeNull();
    await waitFor(() =>
      expect(api.sent.some((r) => r.method === 'DELETE' && r.path === '/media/m1')).toBe(true),
    );
  });

  it('reminds before posting an image with no description: Add a description goes to its field', async () => {
    const { api } = renderComposer();
    await choose(file('photo.jpg', 'image/jpeg'));
    await uploaded();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'An image has no description' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a description' }));
    const description = screen.getByRole('textbox', { name: 'Description of photo.jpg' });
    await waitFor(() => expect(document.activeElement).toBe(description));
    expect(posted(api)).toHaveLength(0);

    fireEvent.change(description, { target: { value: ' A red kite over the hill ' } });
    expect(screen.getByText('ALT')).toBeTruthy();
    expect(screen.getByText('24 / 1,500')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mark as sensitive' }));
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    // With an image the text may be empty; the description is saved first.
    await waitFor(() => expect(posted(api)).toHaveLength(1));
    const patch = api.sent.find((r) => r.method === 'PATCH');
    expect(patch).toMatchObject({ path: '/media/m1', body: { description: 'A red kite over the hill' } });
    expect(api.sent.indexOf(patch!)).toBeLessThan(api.sent.indexOf(posted(api)[0]!));
    expect(posted(api)[0]?.body).toEqual({ postData: { content: '', mediaIds: ['m1'], sensitive: true } });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Images to post' })).toBeNull());
  });

  it('Post anyway posts without a description; with the reminder off in Settings, nothing is asked', async () => {
    const { api } = renderComposer();
    fireEvent.change(screen.getByRole('textbox', { name: 'Create a post' }), {
      target: { value: 'Golden hour' },
    });
    await choose(file('photo.jpg', 'image/jpeg'));
    await uploaded();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Post anyway' }));
    await waitFor(() => expect(posted(api)).toHaveLength(1));
    expect(posted(api)[0]?.body).toEqual({ postData: { content: 'Golden hour', mediaIds: ['m1'] } });

    setAltTextReminder(false);
    await choose(file('second.jpg', 'image/jpeg'));
    await uploaded();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(posted(api)).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted(api)[1]?.body).toEqual({ postData: { content: '', mediaIds: ['m2'] } });
  });

  it('says who can quote once writing starts, from the default in Settings; a choice is sent with the post, then forgotten', async () => {
    const { api } = renderComposer();
    const text = screen.getByRole('textbox', { name: 'Create a post' });
    expect(screen.queryByLabelText('Who can quote')).toBeNull();
    fireEvent.change(text, { target: { value: 'Mine alone' } });
    const policy = await screen.findByLabelText<HTMLSelectElement>('Who can quote');
    await waitFor(() => expect(policy.value).toBe('followers'));
    fireEvent.change(policy, { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(posted(api)).toHaveLength(1));
    expect(posted(api)[0]?.body).toEqual({ postData: { content: 'Mine alone', quotePolicy: 'nobody' } });
    await waitFor(() => expect(screen.queryByLabelText('Who can quote')).toBeNull());

    fireEvent.change(text, { target: { value: 'As usual' } });
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLSelectElement>('Who can quote').value).toBe('followers'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(posted(api)).toHaveLength(2));
    expect(posted(api)[1]?.body).toEqual({ postData: { content: 'As usual' } });
  });
});
