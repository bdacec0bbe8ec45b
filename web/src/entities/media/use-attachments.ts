import type { MediaAttachment, MediaConfiguration } from '@sync/contract';
import { useEffect, useRef, useState } from 'react';

// The checks and requests load with the first file added, not with the home screen (decision 040).
const uploadCode = () => import('./uploads');

/** An image being added to a post or a comment: uploading (no `media` yet), then uploaded. */
export type Attachment = {
  key: string;
  name: string;
  /** The file itself (an object URL), shown until the server's preview is there. */
  localUrl: string;
  /** The share of the file sent, 0 to 1. */
  progress: number;
  media: MediaAttachment | null;
  /** The description as typed; saved with PATCH before posting. */
  description: string;
};

let lastKey = 0;

const objectUrl = (file: File) =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
const revoke = (url: string) => {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The images of a composer: each file is checked against what the instance takes, uploaded at once
 * with its progress, described, and removed (deleted on the server, since it is not attached yet).
 * `refusals` says why files were not added, the client's reasons or the server's words.
 */
export function useAttachments(configuration: MediaConfiguration | undefined, max: number) {
  const [items, setItems] = useState<Attachment[]>([]);
  const [refusals, setRefusals] = useState<string[]>([]);
  // What is attached right now, for files added twice before a render (a paste, then a drop).
  const current = useRef<Attachment[]>([]);
  const uploads = useRef(new Map<string, AbortController>());

  const change = (update: (old: Attachment[]) => Attachment[]) => {
    current.current = update(current.current);
    setItems(current.current);
  };
  const patch = (key: string, fields: Partial<Attachment>) =>
    change((old) => old.map((item) => (item.key === key ? { ...item, ...fields } : item)));
  const drop = (key: string) =>
    change((old) => {
      const gone = old.find((item) => item.key === key);
      if (gone) revoke(gone.localUrl);
      return old.filter((item) => item.key !== key);
    });

  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      for (const item of current.current) revoke(item.localUrl);
    };
  }, []);

  const add = async (files: readonly File[]) => {
    if (!configuration || files.length === 0) return;
    const { sortFiles, uploadMedia, uploadStrings: t } = await uploadCode();
    const sorted = sortFiles(files, configuration, current.current.length, max);
    setRefusals(sorted.refusals);
    for (const file of sorted.accepted) {
      const key = `upload-${++lastKey}`;
      const controller = new AbortController();
      uploads.current.set(key, controller);
      change((old) => [
        ...old,
        { key, name: file.name, localUrl: objectUrl(file), progress: 0, media: null, description: '' },
      ]);
      uploadMedia(file, { signal: controller.signal, onProgress: (progress) => patch(key, { progress }) })
        .then((media) => patch(key, { media, progress: 1 }))
        .catch((error: unknown) => {
          if (isAbort(error)) return;
          drop(key);
          setRefusals((old) => [...old, t.uploadFailed(file.name, (error as Error).message)]);
        })
        .finally(() => uploads.current.delete(key));
    }
  };

  const remove = (key: string) => {
    const item = current.current.find((entry) => entry.key === key);
    if (!item) return;
    uploads.current.get(key)?.abort();
    // Not attached yet, so the server lets it go; had this failed, its cleanup removes it within a day.
    const { media } = item;
    if (media)
      uploadCode()
        .then(({ deleteMedia }) => deleteMedia(media.id))
        .catch(() => undefined);
    drop(key);
  };

  const describe = (key: string, description: string) => patch(key, { description });

  /** Saves every description that differs from the server's copy; fails with the first refusal. */
  const saveDescriptions = async () => {
    const { updateMedia } = await uploadCode();
    await Promise.all(
      current.current.map(async (item) => {
        const description = item.description.trim();
        if (!item.media || description === item.media.description) return;
        patch(item.key, { media: await updateMedia(item.media.id, { description }) });
      }),
    );
  };

  /** After posting: the images belong to the post now; nothing is deleted. */
  const clear = () => {
    change((old) => {
      for (const item of old) revoke(item.localUrl);
      return [];
    });
    setRefusals([]);
  };

  return {
    items,
    refusals,
    dismissRefusals: () => setRefusals([]),
    add,
    remove,
    describe,
    saveDescriptions,
    clear,
    uploading: items.some((item) => !item.media),
    mediaIds: items.flatMap((item) => (item.media ? [item.media.id] : [])),
    undescribed: items.filter((item) => item.description.trim() === ''),
  };
}

export type Attachments = ReturnType<typeof useAttachments>;
