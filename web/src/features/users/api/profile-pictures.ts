import type { User, UserReply } from '@sync/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postKeys } from '../../../entities/posts';
import { userKeys } from '../../../entities/users';
import { api } from '../../../lib/api-client';
import { updateSessionUser } from '../../../lib/session';

/** The profile's pictures, uploaded through the media pipeline (cropped square, or 1500×500). */
export type ProfilePicture = 'avatar' | 'header';

/**
 * `PUT /api/account/avatar|header` with a file, or `DELETE` to go back to none; the answer is my own
 * user, whose picture the session, my profile and my posts' copies of it take at once.
 */
export function useProfilePicture(kind: ProfilePicture) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File | null; onProgress?: (sent: number) => void }) => {
      if (!file) return (await api<UserReply>(`/account/${kind}`, { method: 'DELETE' })).user;
      // The upload code loads when a picture is chosen, not with the profile editor.
      const { uploadForm } = await import('../../../lib/upload');
      const form = new FormData();
      form.append('file', file, file.name);
      return (await uploadForm<UserReply>(`/account/${kind}`, form, { method: 'PUT', onProgress })).user;
    },
    onSuccess: (user) => {
      const pictures = { avatarURL: user.avatarURL, headerURL: user.headerURL };
      client.setQueryData<User>(userKeys.detail(user.username), (old) =>
        old ? { ...old, ...pictures } : old,
      );
      updateSessionUser(pictures);
      // Posts carry their author's picture: the lists show the new one when next read.
      if (kind === 'avatar') void client.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
