import type { DeletedReply, MediaAttachment, MediaReply, MediaUpdateBody } from '@sync/contract';
import { api } from '../../lib/api-client';
import { uploadForm } from '../../lib/upload';

/** `POST /api/media`: the file is sent as it is; the server reads its type from its bytes. */
export async function uploadMedia(
  file: File,
  options: { onProgress?: (sent: number) => void; signal?: AbortSignal } = {},
): Promise<MediaAttachment> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await uploadForm<MediaReply>('/media', form, options)).media;
}

/** `PATCH /api/media/:id`: the description (alt text) or focal point, before or after posting. */
export async function updateMedia(id: string, body: MediaUpdateBody): Promise<MediaAttachment> {
  return (await api<MediaReply>(`/media/${encodeURIComponent(id)}`, { method: 'PATCH', body })).media;
}

/** `DELETE /api/media/:id`: only an upload not attached to a post yet. */
export async function deleteMedia(id: string): Promise<string> {
  return (await api<DeletedReply>(`/media/${encodeURIComponent(id)}`, { method: 'DELETE' })).deleted;
}
