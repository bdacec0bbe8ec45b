import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { useLogout } from '../features/auth';
import { clearSession, setSession, type SessionUser } from '../lib/session';
import { RequireAuth } from './require-auth';

function LoginProbe() {
  const state = useLocation().state as {
    from?: { pathname: string; search: string };
    reason?: string;
  } | null;
  return (
    <p>
      login page, from {state?.from ? `${state.from.pathname}${state.from.search}` : 'nowhere'}
      {state?.reason && `, saying ${state.reason}`}
    </p>
  );
}

/** The account menu's Logout, on a guarded screen. */
function SettingsWithLogout() {
  const logout = useLogout();
  return (
    <button type="button" onClick={logout}>
      Logout
    </button>
  );
}

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<LoginProbe />} />
          <Route
            path="/network"
            element={
              <RequireAuth>
                <p>network feed</p>
              </RequireAuth>
            }
          />
          <Route
            path="/settings"
            element={
              <RequireAuth>
                <SettingsWithLogout />
              </RequireAuth>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const user = { _id: 'u1', username: 'maya.chen', firstName: 'Maya', lastName: 'Chen' } as SessionUser;

describe('RequireAuth', () => {
  beforeEach(() => clearSession());
  afterEach(() => {
    cleanup();
    clearSession();
  });

  it('sends a visitor without a token to /login, carrying the attempted location', () => {
    renderAt('/network?sort=trending');
    expect(screen.getByText('login page, from /network?sort=trending')).toBeTruthy();
    expect(screen.queryByText('network feed')).toBeNull();
  });

  it('shows the guarded screen when a token exists', () => {
    setSession('token-123', user);
    renderAt('/network');
    expect(screen.getByText('network feed')).toBeTruthy();
    expect(screen.queryByText(/login page/)).toBeNull();
    expect(localStorage.getItem('TOKEN')).toBe('token-123');
  });

  it('redirects again once the session is cleared', () => {
    setSession('token-123', user);
    clearSession();
    renderAt('/network');
    expect(screen.getByText('login page, from /network')).toBeTruthy();
  });

  it('carries no way back after Logout, so the next person to sign in on this browser starts at home', () => {
    setSession('token-123', user);
    renderAt('/settings');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(screen.getByText('login page, from nowhere')).toBeTruthy();
  });

  it('takes the person back to where they were when the server ended the session (401)', () => {
    setSession('token-123', user);
    renderAt('/settings');
    // What the API client does when the server refuses the session's token.
    act(() => clearSession('expired'));
    expect(screen.getByText('login page, from /settings, saying expired')).toBeTruthy();
  });

  it('carries no way back after the account was deleted, so the next sign-in starts at home', () => {
    setSession('token-123', user);
    clearSession('account-deleted');
    renderAt('/network');
    expect(screen.getByText('login page, from nowhere, saying account-deleted')).toBeTruthy();
  });
});
