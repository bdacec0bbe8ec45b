import type { BlockedUser, MutedUser, Relationship } from '@sync/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeApi, refusal } from '../../../lib/test/fake-api';
import { BlockedAccounts, MutedAccounts } from './settings-lists';

const person = (username: string, firstName: string) => ({
  _id: `id-${username}`,
  username,
  firstName,
  lastName: 'Test',
  avatarURL: '',
});

const blocked = (username: string, firstName: string): BlockedUser => ({
  ...person(username, firstName),
  blockedAt: '2026-01-02T10:00:00.000Z',
});

const relationship = (username: string, patch: Partial<Relationship> = {}): Relationship => ({
  username,
  following: false,
  followedBy: false,
  blocking: false,
  blockedBy: false,
  muting: false,
  mutingNotifications: false,
  muteExpiresAt: null,
  showingReposts: true,
  ...patch,
});

function renderWith(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

// jsdom lays nothing out: the list's end never comes into view, and Load more is pressed instead.
beforeAll(() => {
  window.IntersectionObserver = class {
    observe() {}
    disconnect() {}
  } as unknown as typeof IntersectionObserver;
});
afterEach(cleanup);

describe('Settings → Blocked accounts', () => {
  it('lists a page at a time by cursor, and Unblock takes the person off the list at once', async () => {
    const api = fakeApi({
      'GET /blocks': ({ query }) =>
        query.get('cursor') === 'c1'
          ? { body: { users: [blocked('alan', 'Alan')], nextCursor: null } }
          : { body: { users: [blocked('ada', 'Ada'), blocked('grace', 'Grace')], nextCursor: 'c1' } },
      'DELETE /users/grace/block': () => ({ body: { relationship: relationship('grace') } }),
    });
    try {
      renderWith(<BlockedAccounts />);
      const list = await screen.findByRole('list', { name: 'Blocked accounts' });
      expect(
        within(list)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Ada Test', 'Grace Test']);
      fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
      await screen.findByRole('link', { name: 'Alan Test' });
      expect(api.sent.filter((r) => r.path === '/blocks').map((r) => r.query.get('cursor'))).toEqual([
        null,
        'c1',
      ]);

      fireEvent.click(screen.getByRole('button', { name: 'Unblock @grace' }));
      await waitFor(() => expect(screen.queryByRole('link', { name: 'Grace Test' })).toBeNull());
      expect(screen.getByRole('link', { name: 'Ada Test' })).toBeTruthy();
      expect(api.sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/users/grace/block' });
    } finally {
      api.restore();
    }
  });

  it('keeps the person listed when the server refuses', async () => {
    const api = fakeApi({
      'GET /blocks': () => ({ body: { users: [blocked('ada', 'Ada')], nextCursor: null } }),
      'DELETE /users/ada/block': () => refusal(503, 'The server is busy.'),
    });
    try {
      renderWith(<BlockedAccounts />);
      fireEvent.click(await screen.findByRole('button', { name: 'Unblock @ada' }));
      await waitFor(() => expect(api.sent.at(-1)?.method).toBe('DELETE'));
      expect(screen.getByRole('link', { name: 'Ada Test' })).toBeTruthy();
    } finally {
      api.restore();
    }
  });

  it('says when nobody is blocked', async () => {
    const api = fakeApi({ 'GET /blocks': () => ({ body: { users: [], nextCursor: null } }) });
    try {
      renderWith(<BlockedAccounts />);
      expect(await screen.findByText('You have not blocked anyone.')).toBeTruthy();
    } finally {
      api.restore();
    }
  });
});

describe('Settings → Muted accounts', () => {
  it('shows when each mute ends and whether notifications are hidden, with Unmute', async () => {
    const muted: MutedUser[] = [
      {
        ...person('ada', 'Ada'),
        mutedAt: '2026-01-02T10:00:00.000Z',
        notifications: true,
        expiresAt: null,
      },
      {
        ...person('alan', 'Alan'),
        mutedAt: '2026-01-02T10:00:00.000Z',
        notifications: false,
        expiresAt: '2026-01-09T10:00:00.000Z',
      },
    ];
    const api = fakeApi({
      'GET /mutes': () => ({ body: { users: muted, nextCursor: null } }),
      'DELETE /users/alan/mute': () => ({ body: { relationship: relationship('alan') } }),
    });
    try {
      renderWith(<MutedAccounts />);
      const list = await screen.findByRole('list', { name: 'Muted accounts' });
      const [ada, alan] = within(list).getAllByRole('listitem');
      expect(ada?.textContent).toContain('Muted until you unmute them, notifications hidden too');
      const until = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date('2026-01-09T10:00:00.000Z'),
      );
      expect(alan?.textContent).toContain(`Muted until ${until}, notifications still shown`);
      fireEvent.click(screen.getByRole('button', { name: 'Unmute @alan' }));
      await waitFor(() => expect(screen.queryByRole('link', { name: 'Alan Test' })).toBeNull());
      expect(api.sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/users/alan/mute' });
    } finally {
      api.restore();
    }
  });
});
