import type {
  AccountList,
  AccountStateReply,
  ChangeEmailBody,
  ChangePasswordBody,
  ChangePasswordReply,
  DeleteAccountReply,
  EmailSentReply,
  ImportMode,
  ImportReply,
} from '@sync/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api-client';
import { clearDraftsOf } from '../../../lib/drafts';
import { clearSession, getSession, replacesToken, setSession } from '../../../lib/session';
import { uploadForm } from '../../../lib/upload';

/**
 * The signed-in user's address and what they may change: the demo's shared guest (Guest Login) may
 * change neither its password nor its address, nor delete itself (decision 100).
 */
export function useAccountState() {
  return useQuery({
    queryKey: ['account-state'],
    queryFn: () => api<AccountStateReply>('/account').then((answer) => answer.account),
  });
}

/** Every other token stops working; this browser keeps going with the new one from the answer. */
export function useChangePassword() {
  return useMutation({
    // The new token is stored before the request counts as done: refusals of the old one wait for it.
    mutationFn: (body: ChangePasswordBody) =>
      replacesToken(
        api<ChangePasswordReply>('/account/password', { method: 'POST', body, checksPassword: true }).then(
          (answer) => {
            const session = getSession();
            if (session) setSession(answer.encodedToken, session.user);
            return answer;
          },
        ),
      ),
  });
}

/**
 * A new address: the password confirms, and a link goes to the new address, which replaces the old
 * one only once it is followed (the confirm-email page).
 */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: ChangeEmailBody) =>
      api<EmailSentReply>('/account/email', { method: 'POST', body, checksPassword: true }),
  });
}

/** A download of the account's data (`path` under /api), saved under the name the server gives it. */
export function useDownload() {
  return useMutation({
    mutationFn: async ({ path, fallbackName }: { path: string; fallbackName: string }) => {
      const { blob, filename } = await apiDownload(path, fallbackName);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      document.body.append(link);
      link.click();
      link.remove();
      // The click has handed the file to the browser's download by now.
      setTimeout(() => URL.revokeObjectURL(url), 0);
      return filename;
    },
  });
}

/** Brings in a Mastodon CSV file of follows, blocks, mutes or bookmarks (the lists change). */
export function useImportList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ type, mode, file }: { type: AccountList; mode: ImportMode; file: File }) => {
      const form = new FormData();
      form.set('type', type);
      form.set('mode', mode);
      form.set('data', file);
      return uploadForm<ImportReply>('/account/import', form);
    },
    // Who is followed, blocked or muted and what is bookmarked show on many screens.
    onSuccess: () => void client.invalidateQueries(),
  });
}

/** After the server deletes the account: its drafts and cached data go, and /login says why. */
export function useDeleteAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      api<DeleteAccountReply>('/account/delete', {
        method: 'POST',
        body: { password },
        checksPassword: true,
      }),
    onSuccess: () => {
      const username = getSession()?.user.username;
      if (username) clearDraftsOf(username);
      clearSession('account-deleted');
      client.clear();
    },
  });
}
