import type { Post, QuotedPost } from '@sync/contract';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { postKeys, type PostPages } from '../../../entities/posts';
import { clearSession, setSession } from '../../../lib/session';
import { fakeApi, refusal } from '../../../lib/test/fake-api';
import { sessionUser } from '../../../lib/test/session-users';
import { PostCard } from './post-card';

function post(fields: Partial<Post> = {}): Post {
  return {
    _id: 'p1',
    username: 'ada',
    firstName: 'Ada',
    lastName: 'Lovelace',
    avatarURL: '',
    content: 'Engines',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
    comments: [],
    commentCount: 0,
    viewer: { liked: false, disliked: false, bookmarked: false },
    ...fields,
  };
}

const quoted: QuotedPost = {
  _id: 'q1',
  content: 'The analytical engine',
  username: 'alan',
  firstName: 'Alan',
  lastName: 'Turing',
  avatarURL: '',
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** The card as a list shows it, from the list's cache entry (so the optimistic change shows). */
function renderInList(initial: Post) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const key = postKeys.user(initial.username);
  client.setQueryData<PostPages>(key, {
    pages: [{ posts: [initial], nextCursor: null }],
    pageParams: [null],
  });
  function Card() {
    // The list's cache entry, read as a list would: every change to it shows.
    const list = useQuery<PostPages>({ queryKey: key, enabled: false });
    return <PostCard post={list.data?.pages[0]?.posts[0] ?? initial} actions={null} />;
  }
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Card />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const count = () => screen.getByTestId('repost-count').textContent;

beforeEach(() => setSession('token', sessionUser('user')));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
});

describe('the repost button', () => {
  // The menu's code loads on the first press (its keeping the focus meanwhile is the e2e's to test);
  // loaded before, the first test's wait for a menu item is the menu's, not the module's transform.
  beforeAll(() => import('./repost-menu'));

  it('reposts from its menu at once, then undoes it, with the server’s count', async () => {
    const api = fakeApi({
      'POST /posts/p1/repost': () => ({ body: { reposted: true, repostCount: 3 } }),
      'DELETE /posts/p1/repost': () => ({ body: { reposted: false, repostCount: 2 } }),
    });
    renderInList(post({ repostCount: 1 }));
    expect(count()).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Repost or quote' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Repost' }));
    await waitFor(() => expect(count()).toBe('3'));
    expect(api.sent.filter((r) => r.path === '/posts/p1/repost').map((r) => r.method)).toEqual(['POST']);

    fireEvent.click(screen.getByRole('button', { name: 'Repost or quote (reposted)' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Undo repost' }));
    await waitFor(() => expect(count()).toBe('2'));
    expect(screen.getByRole('button', { name: 'Repost or quote' })).toBeTruthy();
  });

  it('puts the count back when the server refuses', async () => {
    fakeApi({ 'POST /posts/p1/repost': () => refusal(403, 'You cannot repost this post') });
    const client = renderInList(post());
    const changes: (number | undefined)[] = [];
    client
      .getQueryCache()
      .subscribe(() =>
        changes.push(client.getQueryData<PostPages>(postKeys.user('ada'))?.pages[0]?.posts[0]?.repostCount),
      );
    fireEvent.click(screen.getByRole('button', { name: 'Repost or quote' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Repost' }));
    await waitFor(() => expect(changes).toContain(1));
    await waitFor(() => expect(count()).toBe('0'));
    expect(screen.getByRole('button', { name: 'Repost or quote' })).toBeTruthy();
  });

  it('the t shortcut’s hidden button reposts without the menu', async () => {
    const api = fakeApi({ 'POST /posts/p1/repost': () => ({ body: { reposted: true, repostCount: 1 } }) });
    renderInList(post());
    document.querySelector<HTMLElement>('[data-shortcut="repost"]')?.click();
    await waitFor(() => expect(count()).toBe('1'));
    expect(api.sent.some((r) => r.method === 'POST' && r.path === '/posts/p1/repost')).toBe(true);
  });
});

describe('the quote count', () => {
  it.each([
    [1, '1 quote'],
    [3, '3 quotes'],
  ])('%i quotes show as a link to the quotes, "%s"', (quoteCount, text) => {
    fakeApi({});
    renderInList(post({ quoteCount }));
    expect(screen.getByRole('link', { name: text }).getAttribute('href')).toBe('/post/p1/quotes');
  });

  it('is not there when nobody quoted the post', () => {
    fakeApi({});
    renderInList(post());
    expect(screen.queryByRole('link', { name: /quote/ })).toBeNull();
  });
});

describe('a repost in a timeline', () => {
  it('says who reposted it, above the post and in the article’s name', () => {
    fakeApi({});
    renderInList(
      post({
        reposted: {
          repostId: 'r1',
          by: { _id: 'u2', username: 'grace', firstName: 'Grace', lastName: 'Hopper', avatarURL: '' },
          at: '2026-01-02T00:00:00.000Z',
        },
      }),
    );
    const article = screen.getByRole('article', { name: 'Post by Ada Lovelace, reposted by Grace Hopper' });
    const link = within(article).getByRole('link', { name: 'Grace Hopper reposted' });
    expect(link.getAttribute('href')).toBe('/profile/grace');
  });
});

describe('a quote inside a post', () => {
  it('shows the accepted quoted post, linking to it', async () => {
    fakeApi({});
    renderInList(post({ quote: { state: 'accepted', post: quoted } }));
    const card = await screen.findByRole('link', { name: /^Quoted post by Alan Turing:/ });
    expect(card.getAttribute('href')).toBe('/post/q1');
    expect(within(card).getByText('The analytical engine')).toBeTruthy();
  });

  it.each([
    ['revoked', 'Removed by the author'],
    ['deleted', 'This post is unavailable'],
    ['hidden', "You don't see posts from this person"],
  ] as const)('says so when the quote is %s', async (state, text) => {
    fakeApi({});
    renderInList(post({ quote: { state } }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Quoted post/ })).toBeNull();
  });

  it('writes a quote from the menu, and says the quoted author’s refusal in the dialog', async () => {
    const api = fakeApi({
      'GET /account/preferences': () => ({ body: { preferences: { quotePolicy: 'followers' } } }),
      'POST /posts': () => refusal(403, 'Ada Lovelace lets nobody quote this post'),
    });
    renderInList(post());
    fireEvent.click(screen.getByRole('button', { name: 'Repost or quote' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quote post' });
    await waitFor(() =>
      expect(within(dialog).getByLabelText<HTMLSelectElement>('Who can quote').value).toBe('followers'),
    );
    expect(within(dialog).getByText('Engines')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Add a comment' }), {
      target: { value: 'So true' },
    });
    fireEvent.change(within(dialog).getByLabelText('Who can quote'), { target: { value: 'nobody' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Ada Lovelace lets nobody quote this post',
    );
    const sent = api.sent.find((r) => r.method === 'POST' && r.path === '/posts');
    expect(sent?.body).toEqual({ postData: { content: 'So true', quoteId: 'p1', quotePolicy: 'nobody' } });
  });
});
