import type { EmailSentReply } from '@sync/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/**
 * A new link to confirm the address, if an account with it is still unconfirmed; answered alike
 * whether or not one has it (decision 100). Asked for signed out (sign-up, login, the link's page)
 * and in Settings.
 */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: (email: string) =>
      api<EmailSentReply>('/auth/confirmation/resend', { method: 'POST', body: { email } }),
  });
}
