import type { InstanceInfo, Post } from '@sync/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, refusal } from '../../../lib/test/fake-api';
import { mediaConfiguration } from '../../../lib/test/media';
import { ReportDialog } from './report-dialog';

const lena = { username: 'lena.hoffmann', firstName: 'Lena', lastName: 'Hoffmann' };

function post(id: string, content: string): Post {
  return {
    _id: id,
    content,
    username: lena.username,
    firstName: lena.firstName,
    lastName: lena.lastName,
    avatarURL: '',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
    comments: [],
    commentCount: 0,
  };
}

const instance: InstanceInfo = {
  title: 'Sync',
  description: '',
  contactEmail: '',
  owner: null,
  moderators: [],
  rules: [
    { id: 'r1', text: 'Be kind', hint: '' },
    { id: 'r2', text: 'No spam', hint: 'Ads included' },
  ],
  registrations: { mode: 'open', message: '' },
  media: mediaConfiguration,
};

const reported = post('p1', 'The post reported');
const report = { report: { id: 'rep1' } };

function renderDialog(handlers: Parameters<typeof fakeApi>[0], withPost = true) {
  const api = fakeApi({ 'GET /instance': () => ({ body: { instance } }), ...handlers });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ReportDialog person={lena} post={withPost ? reported : undefined} open onOpenChange={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit report' }));

afterEach(() => {
  cleanup();
});

describe('ReportDialog', () => {
  it('sends a report citing the rules chosen, with the post it was opened on, and thanks', async () => {
    const api = renderDialog({ 'POST /reports': () => ({ status: 201, body: report }) });
    try {
      expect(screen.getByRole('dialog', { name: 'Report @lena.hoffmann' })).toBeTruthy();
      expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /The post reported/ }).checked).toBe(
        true,
      );
      fireEvent.click(screen.getByRole('radio', { name: /Breaks a rule/ }));
      fireEvent.click(await screen.findByRole('checkbox', { name: /2\. No spam/ }));
      fireEvent.change(screen.getByLabelText('Anything the moderators should know?'), {
        target: { value: '  Every day, the same ad.  ' },
      });
      submit();
      expect(await screen.findByText('Thanks — a moderator will look at it.')).toBeTruthy();
      expect(api.sent.at(-1)).toMatchObject({
        method: 'POST',
        path: '/reports',
        body: {
          username: 'lena.hoffmann',
          category: 'violation',
          ruleIds: ['r2'],
          postIds: ['p1'],
          comment: 'Every day, the same ad.',
        },
      });
      await waitFor(() => expect(document.activeElement?.textContent).toBe('Close'));
    } finally {
      api.restore();
    }
  });

  it('asks for a reason, and for a rule when one is broken, before sending anything', async () => {
    const api = renderDialog({});
    try {
      submit();
      expect(screen.getByText('Choose what is wrong.')).toBeTruthy();
      expect(document.activeElement).toBe(screen.getByRole('radio', { name: /Spam/ }));
      fireEvent.click(screen.getByRole('radio', { name: /Breaks a rule/ }));
      await screen.findByRole('checkbox', { name: /1\. Be kind/ });
      submit();
      expect(screen.getByText('Choose at least one rule.')).toBeTruthy();
      expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: /1\. Be kind/ }));
      expect(api.sent.filter((request) => request.method === 'POST')).toEqual([]);
    } finally {
      api.restore();
    }
  });

  it('counts the comment against its 1,000 characters and holds a longer one back', () => {
    const api = renderDialog({});
    try {
      fireEvent.click(screen.getByRole('radio', { name: /Spam/ }));
      const comment = screen.getByLabelText('Anything the moderators should know?');
      fireEvent.change(comment, { target: { value: 'x'.repeat(40) } });
      expect(screen.getByText('40 / 1,000')).toBeTruthy();
      fireEvent.change(comment, { target: { value: 'x'.repeat(1003) } });
      expect(screen.getByText('3 characters over the limit of 1,000')).toBeTruthy();
      submit();
      expect(screen.getByText('Keep the comment to 1,000 characters.')).toBeTruthy();
      expect(document.activeElement).toBe(comment);
      expect(api.sent.filter((request) => request.method === 'POST')).toEqual([]);
    } finally {
      api.restore();
    }
  });

  it('offers their recent posts to add, and says a refusal in the dialog', async () => {
    const api = renderDialog({
      'GET /posts/user/lena.hoffmann': () => ({
        body: { posts: [post('p2', 'Another one'), reported], nextCursor: null },
      }),
      'POST /reports': () => refusal(422, 'That post is not one of @lena.hoffmann’s.'),
    });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Add more posts by @lena.hoffmann' }));
      fireEvent.click(await screen.findByRole('checkbox', { name: /Another one/ }));
      // The post reported is listed once.
      expect(screen.getAllByRole('checkbox', { name: /The post reported/ })).toHaveLength(1);
      fireEvent.click(screen.getByRole('radio', { name: /Something else/ }));
      submit();
      expect((await screen.findByRole('alert')).textContent).toBe(
        'That post is not one of @lena.hoffmann’s.',
      );
      expect(api.sent.at(-1)?.body).toEqual({
        username: 'lena.hoffmann',
        category: 'other',
        postIds: ['p1', 'p2'],
      });
      expect(screen.getByRole('button', { name: 'Submit report' })).toBeTruthy();
    } finally {
      api.restore();
    }
  });
});
