import type { AuthLoginReply, AuthSignupReply, LoginBody } from '@sync/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearSession, setSession } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toast';

export const GUEST = { username: 'guest', password: 'guest-password' } as const;

export type SignupInput = {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
};

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api<AuthLoginReply>('/auth/login', { method: 'POST', body }),
    // Here, not in the form: the new session takes the user off the login page at once, and a
    // form's own callbacks do not run once it has unmounted.
    onSuccess: ({ encodedToken, foundUser }) => {
      // Lists carry per-viewer flags; another account's copies must not leak into this session.
      client.clear();
      setSession(encodedToken, foundUser);
      toastSuccess('Loged In.', 'You are now Successfully loged in ');
    },
  });
}

export function useSignup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SignupInput) => api<AuthSignupReply>('/auth/signup', { method: 'POST', body }),
    onSuccess: ({ encodedToken, createdUser }) => {
      client.clear();
      setSession(encodedToken, createdUser);
      toastSuccess('Account created', 'You are now Successfully signed up ');
    },
  });
}

export function useLogout() {
  const client = useQueryClient();
  return () => {
    clearSession();
    client.clear();
  };
}
