import { afterEach, describe, expect, it } from 'vitest';
import { endRefusedSession } from './api-client';
import { clearSession, getSession, replacesToken, setSession } from './session';
import { sessionUser } from './test/session-users';

const user = sessionUser('user');
/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a refused token while a password change replaces it', () => {
  afterEach(() => clearSession());

  it('waits for the new token, then leaves the session signed in', async () => {
    setSession('old-token', user);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    void replacesToken(answered.then(() => setSession('new-token', user)));
    // The event stream hears 401 for the old token before the change's answer arrives.
    endRefusedSession('old-token');
    await settle();
    expect(getSession()?.token).toBe('old-token');
    answer();
    await settle();
    expect(getSession()?.token).toBe('new-token');
  });

  it('ends the session when nothing replaces the refused token', async () => {
    setSession('old-token', user);
    endRefusedSession('old-token');
    await settle();
    expect(getSession()).toBeNull();
  });

  it('ends it too when the change fails and the token stays refused', async () => {
    setSession('old-token', user);
    void replacesToken(Promise.reject(new Error('offline'))).catch(() => undefined);
    endRefusedSession('old-token');
    await settle();
    expect(getSession()).toBeNull();
  });
});
