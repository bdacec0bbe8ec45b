import type { Role } from '@sync/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moderationKeys } from '../../../features/moderation';
import { clearSession, setSession } from '../../../lib/session';
import { sessionUser } from '../../../lib/test/session-users';
import { ModerationScreen } from './moderation-screen';

let client: QueryClient;

/** Signs in as `role`; the fresh read of the person's role (on opening the area) answers the same. */
function signIn(role: Role) {
  setSession('token', sessionUser(role));
  client.setQueryData<Role>(moderationKeys.me, role);
}

function showRules() {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/moderation/rules']}>
        <ModerationScreen section="rules">
          <p>the rules editor</p>
        </ModerationScreen>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
});

afterEach(() => {
  cleanup();
  client.clear();
  clearSession();
});

describe('the moderation area’s screens', () => {
  it('tell a person who is not staff they have no access, and show nothing of it', () => {
    signIn('user');
    showRules();
    expect(
      screen.getByRole('heading', { level: 1, name: 'You don’t have access to moderation' }),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Moderation sections' })).toBeNull();
    expect(screen.queryByText('the rules editor')).toBeNull();
    expect(document.title).toBe('Moderation · Sync');
  });

  it('show a moderator their sections only, and say a section is beyond their role', () => {
    signIn('moderator');
    showRules();
    const nav = screen.getByRole('navigation', { name: 'Moderation sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Reports', 'Accounts', 'Registrations', 'Audit log']);
    expect(screen.getByRole('heading', { level: 1, name: 'Rules' })).toBeTruthy();
    expect(screen.getByText('Your role does not include rules.')).toBeTruthy();
    expect(screen.queryByText('the rules editor')).toBeNull();
  });

  it('show the owner every section, the current one marked, and the screen', () => {
    signIn('owner');
    showRules();
    const nav = screen.getByRole('navigation', { name: 'Moderation sections' });
    expect(within(nav).getAllByRole('link')).toHaveLength(8);
    expect(within(nav).getByRole('link', { name: 'Rules' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('the rules editor')).toBeTruthy();
    expect(document.title).toBe('Rules · Moderation · Sync');
  });
});
