import type {
  AccountStateReply,
  AuthLoginReply,
  AuthSignupReply,
  LoginBody,
  SignupPendingReply,
  UsernameAvailableReply,
} from '@sync/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useDebounced } from '../../../lib/debounced';
import { clearSession, getSession, setSession } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toast';

export const GUEST = { username: 'guest', password: 'guest-password' } as const;

export type SignupInput = {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
};

/** What the community asks besides (issue 26): its rules accepted, a reason, an invite code. */
export type SignupExtras = { agreement?: true; reason?: string; inviteCode?: string };

/** Signed up and in, or (where a moderator approves each sign-up) waiting for approval. */
export type SignupReply = AuthSignupReply | SignupPendingReply;

export const isPending = (reply: SignupReply): reply is SignupPendingReply => 'pending' in reply;

/**
 * The session that has the welcome ahead of it (docs/decisions/101): one a sign-up here began, or a
 * login to an account that never finished or skipped it. Where a sign-in leads goes there first.
 */
let welcomeDueFor: string | null = null;

export const welcomeDue = (): boolean => welcomeDueFor !== null && getSession()?.token === welcomeDueFor;

/** The welcome was finished or skipped: the next sign-in page visit goes where it was going. */
export function welcomeSeen() {
  welcomeDueFor = null;
}

/** Whether the account has had its welcome; a failed question is no reason to hold up the login. */
const onboarded = (token: string) =>
  api<AccountStateReply>('/account', { token }).then(
    (answer) => answer.account.onboarded,
    () => true,
  );

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) => {
      const reply = await api<AuthLoginReply>('/auth/login', { method: 'POST', body });
      return { ...reply, onboarded: await onboarded(reply.encodedToken) };
    },
    // Here, not in the form: the new session takes the user off the login page at once, and a
    // form's own callbacks do not run once it has unmounted.
    onSuccess: ({ encodedToken, foundUser, onboarded }) => {
      // Lists carry per-viewer flags; another account's copies must not leak into this session.
      client.clear();
      welcomeDueFor = onboarded ? null : encodedToken;
      setSession(encodedToken, foundUser);
      toastSuccess('Loged In.', 'You are now Successfully loged in ');
    },
  });
}

export function useSignup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SignupInput & SignupExtras) =>
      api<SignupReply>('/auth/signup', { method: 'POST', body }),
    onSuccess: (reply) => {
      // Waiting for approval: no account to sign in to yet; the form says so.
      if (isPending(reply)) return;
      const { encodedToken, createdUser } = reply;
      client.clear();
      welcomeDueFor = encodedToken;
      setSession(encodedToken, createdUser);
      toastSuccess('Account created', 'You are now Successfully signed up ');
    },
  });
}

/** How long typing pauses before the username is asked about. */
const usernameCheckDelayMs = 400;

/**
 * Whether a username is free, asked once typing pauses on a name of the right shape (`checkable`).
 * The answer names the username it is about, and stays until the next one comes, so the line that says
 * it changes once per pause rather than blinking on each key. Sign-up checks the name again.
 */
export function useUsernameAvailability(username: string, checkable: boolean) {
  const asked = useDebounced(checkable ? username : '', usernameCheckDelayMs);
  return useQuery({
    queryKey: ['username-available', asked],
    queryFn: async () => ({
      username: asked,
      ...(await api<UsernameAvailableReply>('/auth/username-available', { query: { username: asked } })),
    }),
    enabled: asked !== '',
    staleTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useLogout() {
  const client = useQueryClient();
  return () => {
    clearSession('logged-out');
    client.clear();
  };
}
