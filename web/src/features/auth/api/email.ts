import type {
  EmailConfirmedReply,
  EmailSentReply,
  PasswordResetBody,
  PasswordResetCheckReply,
  PasswordResetReply,
} from '@sync/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The links sent by email (docs/decisions/100). A request about an address is answered alike whether
 * or not an account has it: the reply's message is what the page says.
 */

/** "Forgot password?": a link to choose a new password, if an account has the address. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      api<EmailSentReply>('/auth/password-reset', { method: 'POST', body: { email } }),
  });
}

/**
 * Whether the reset link the page was opened with still works, asked once when it opens, so a used or
 * expired link is said at once rather than after a new password was typed. Asking leaves it working.
 */
export function usePasswordResetLink(token: string) {
  return useQuery({
    queryKey: ['password-reset-link', token],
    queryFn: () =>
      api<PasswordResetCheckReply>('/auth/password-reset/check', { method: 'POST', body: { token } }),
    enabled: token !== '',
    staleTime: Infinity,
    retry: false,
  });
}

/** The reset link's page: the new password (every session ends; the person logs in with it). */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: PasswordResetBody) =>
      api<PasswordResetReply>('/auth/password-reset/confirm', { method: 'POST', body }),
  });
}

/**
 * The confirmation link's page: the address given at sign-up, or (`change`) the new address that
 * replaces the old one. Either may be opened signed out, on another device.
 */
export function useConfirmEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ token, change }: { token: string; change: boolean }) =>
      api<EmailConfirmedReply>(change ? '/account/email/confirm' : '/auth/confirm', {
        method: 'POST',
        body: { token },
      }),
    // Settings, if open in this browser, shows the address confirmed.
    onSuccess: () => client.invalidateQueries({ queryKey: ['account-state'] }),
  });
}
