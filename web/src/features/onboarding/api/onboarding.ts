import type { OnboardedReply } from '@sync/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/account/onboarding`: the welcome was finished or skipped, and does not come back. */
export function useFinishOnboarding() {
  return useMutation({
    mutationFn: () => api<OnboardedReply>('/account/onboarding', { method: 'POST' }),
  });
}
