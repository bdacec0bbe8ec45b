import type { Comment, InstanceInfo, MediaAttachment, Post } from '@sync/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../lib/session';
import { fakeApi, refusal } from '../../../lib/test/fake-api';
import { fakeUploads } from '../../../lib/test/fake-upload';
import { fakeMatchMedia } from '../../../lib/test/match-media';
import { mediaAttachment, mediaConfiguration } from '../../../lib/test/media';
import { sessionUser } from '../../../lib/test/session-users';
import { Comments } from './comments';

const instance: InstanceInfo = {
  title: 'Sync',
  description: '',
  contactEmail: '',
  owner: null,
  moderators: [],
  rules: [],
  registrations: { mode: 'open', message: '' },
  media: mediaConfiguration,
};

const file = (name: string, type = 'image/jpeg') => new File([new Uint8Array(10)], name, { type });

const post: Post = {
  _id: 'p1',
  username: 'host',
  firstName: 'Post',
  lastName: 'Host',
  avatarURL: '',
  content: 'A post',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
  comments: [],
  commentCount: 1,
};

function comment(text: string, media: MediaAttachment[]): Comment {
  return {
    _id: 'c1',
    text,
    username: 'user',
    firstName: 'Some',
    lastName: 'User',
    avatarURL: '',
    votes: { upvotedBy: [], downvotedBy: [] },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...(media.length > 0 ? { media } : {}),
  };
}

/**
 * The comments of post p1 (none yet) with the server's answers: uploads are numbered m1, m2…; the
 * comment is answered with the described upload its mediaIds name, or `addComment`'s answer.
 */
function renderComments(
  options: {
    upload?: Parameters<typeof fakeUploads>[0][string];
    addComment?: Parameters<typeof fakeApi>[0][string];
  } = {},
) {
  let uploaded = 0;
  let described = mediaAttachment('m1');
  const uploads = fakeUploads({
    'POST /media':
      options.upload ?? (() => ({ status: 201, body: { media: mediaAttachment(`m${++uploaded}`) } })),
  });
  const api = fakeApi({
    'GET /instance': () => ({ body: { instance } }),
    'GET /comments/p1': () => ({ body: { comments: [] } }),
    'PATCH /media/m1': ({ body }) => {
      described = mediaAttachment('m1', body as object);
      return { body: { media: described } };
    },
    'DELETE /media/m1': () => ({ body: { deleted: 'm1' } }),
    'POST /comments/add/p1':
      options.addComment ??
      (({ body }) => {
        const { text, mediaIds = [] } = (body as { commentData: { text: string; mediaIds?: string[] } })
          .commentData;
        return {
          status: 201,
          body: {
            post,
            comment: comment(
              text,
              mediaIds.map(() => described),
            ),
          },
        };
      }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <Comments postId="p1" postAuthor="host" />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { api, uploads };
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const addImage = () => screen.getByRole('button', { name: 'Add image' });
async function choose(...files: File[]) {
  await waitFor(() => expect(addImage().hasAttribute('disabled')).toBe(false));
  fireEvent.change(fileInput(), { target: { files } });
}
async function uploaded() {
  await screen.findByRole('list', { name: 'Image to comment' });
  await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
}
const commentsSent = (api: ReturnType<typeof fakeApi>) =>
  api.sent.filter((r) => r.method === 'POST' && r.path === '/comments/add/p1');

beforeEach(() => {
  setSession('token', sessionUser('user'));
  // The comment's image is shown by the media gallery, which reads the person's motion preference.
  fakeMatchMedia();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
  localStorage.clear();
});

describe('Comment composer with an image', () => {
  it('takes one image: a second is refused, and Add image waits until it is removed', async () => {
    const { uploads } = renderComments();
    await choose(file('a.jpg'), file('b.jpg'));
    expect((await screen.findByRole('alert')).textContent).toBe('You can add up to 1 image.');
    await uploaded();
    expect(uploads.sent.map((u) => u.file?.name)).toEqual(['a.jpg']);
    expect(addImage().hasAttribute('disabled')).toBe(true);

    // The image's file chooser takes one file; a paste of two is held to one as well.
    expect(fileInput().multiple).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove a.jpg' }));
    expect(screen.queryByRole('list', { name: 'Image to comment' })).toBeNull();
    expect(addImage().hasAttribute('disabled')).toBe(false);
    fireEvent.paste(screen.getByRole('textbox', { name: 'Comment' }), {
      clipboardData: { files: [file('c.png', 'image/png'), file('d.png', 'image/png')] },
    });
    const list = await screen.findByRole('list', { name: 'Image to comment' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await waitFor(() => expect(uploads.sent.map((u) => u.file?.name)).toEqual(['a.jpg', 'c.png']));
  });

  it("shows the server's refusal of the upload, and drops the image", async () => {
    renderComments({ upload: () => refusal(422, 'This file is not an image Sync takes.') });
    await choose(file('fake.jpg'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      '“fake.jpg” could not be added: This file is not an image Sync takes.',
    );
    expect(screen.queryByRole('list', { name: 'Image to comment' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's refusal of the comment, and keeps the text and the image", async () => {
    const { api } = renderComments({
      addComment: () => refusal(422, 'A comment can have one image.'),
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment' }), { target: { value: 'Look' } });
    await choose(file('photo.jpg'));
    await uploaded();
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A comment can have one image.');
    expect(commentsSent(api)).toHaveLength(1);
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Comment' }).value).toBe('Look');
    expect(screen.getByRole('list', { name: 'Image to comment' })).toBeTruthy();
  });

  it('saves the description, then sends the comment with mediaIds, and shows it with its image', async () => {
    const { api } = renderComments();
    await choose(file('photo.jpg'));
    // The list is loaded by now (an earlier test): the upload's progress shows until it is done.
    expect(await screen.findByRole('progressbar', { name: 'Uploading photo.jpg' })).toBeTruthy();
    await uploaded();
    // An image alone is a comment: the text box is not required then.
    expect(screen.getByRole('textbox', { name: 'Comment' }).hasAttribute('required')).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'Description of photo.jpg' }), {
      target: { value: 'A red kite over the hill' },
    });
    fireEvent.submit(screen.getByRole('textbox', { name: 'Comment' }).closest('form')!);

    await waitFor(() => expect(commentsSent(api)).toHaveLength(1));
    const patch = api.sent.findIndex((r) => r.method === 'PATCH' && r.path === '/media/m1');
    expect(api.sent[patch]?.body).toEqual({ description: 'A red kite over the hill' });
    expect(patch).toBeLessThan(api.sent.indexOf(commentsSent(api)[0]!));
    expect(commentsSent(api)[0]?.body).toEqual({ commentData: { text: '', mediaIds: ['m1'] } });

    const card = await screen.findByRole('article', { name: 'Comment by Some User' });
    expect(await within(card).findByRole('img', { name: 'A red kite over the hill' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Image to comment' })).toBeNull();
  });

  it('a comment without an image is sent as before, with no mediaIds', async () => {
    const { api } = renderComments();
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment' }), { target: { value: 'Nice' } });
    fireEvent.submit(screen.getByRole('textbox', { name: 'Comment' }).closest('form')!);
    await waitFor(() => expect(commentsSent(api)).toHaveLength(1));
    expect(commentsSent(api)[0]?.body).toEqual({ commentData: { text: 'Nice' } });
  });
});
