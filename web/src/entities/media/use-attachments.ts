import type { MediaAttachment, MediaConfiguration } from '@sync/contract';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { AttachmentState, AttachmentStore } from './attachment-store';

export type { Attachment } from './attachment-store';

/**
 * The id of an image's description field (`AttachmentList`'s), for a reminder to send focus to. Here,
 * with the first screen's code, not in strings.ts, which loads with the first image.
 */
export const descriptionFieldId = (key: string) => `describe-${key}`;

const none: AttachmentState = { items: [], refusals: [] };
const nothingToFollow = () => () => {};
const noImages = () => none;

/**
 * The images of a composer: each file is checked against what the instance takes, uploaded at once
 * with its progress, described, and removed (deleted on the server, since it is not attached yet).
 * `refusals` says why files were not added, the client's reasons or the server's words. The code that
 * does it (`AttachmentStore`, with the checks and requests) loads with the first file added, or when
 * `prepare` says one is coming: the home screen loads none of it (decision 040).
 */
export function useAttachments(
  configuration: MediaConfiguration | undefined,
  max: number,
  /** The images of the post being edited, which the list starts with (read once, as it mounts). */
  posted: readonly MediaAttachment[] = [],
) {
  const [store, setStore] = useState<AttachmentStore | null>(null);
  const loading = useRef<Promise<AttachmentStore> | null>(null);
  const { items, refusals } = useSyncExternalStore(
    store?.subscribe ?? nothingToFollow,
    store?.getSnapshot ?? noImages,
  );
  useEffect(() => () => store?.dispose(), [store]);

  const load = () =>
    (loading.current ??= import('./attachment-store').then(({ AttachmentStore }) => {
      const created = new AttachmentStore();
      created.seed(posted);
      setStore(created);
      return created;
    }));
  const firstPosted = useRef(posted.length > 0);
  useEffect(() => {
    // A post's own images show as the dialog opens, not with the first file added.
    if (firstPosted.current) void load().catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as it mounts
  }, []);

  return {
    items,
    refusals,
    /** The list's code is there (and a post's own images are in it). */
    loaded: store !== null,
    /** Starts loading the code ahead of the first file (the file chooser is opening). */
    prepare: () => void load().catch(() => undefined),
    add: async (files: readonly File[]) => {
      if (!configuration || files.length === 0) return;
      (await load()).add(files, configuration, max);
    },
    remove: (key: string) => store?.remove(key),
    describe: (key: string, description: string) => store?.describe(key, description),
    /** Saves every description that differs from the server's copy; fails with the first refusal. */
    saveDescriptions: async () => {
      await store?.saveDescriptions();
    },
    /** After posting: the images belong to the post now; nothing is deleted. */
    clear: () => store?.clear(),
    dismissRefusals: () => store?.dismissRefusals(),
    uploading: items.some((item) => !item.media),
    mediaIds: items.flatMap((item) => (item.media ? [item.media.id] : [])),
    undescribed: items.filter((item) => item.description.trim() === ''),
  };
}

export type Attachments = ReturnType<typeof useAttachments>;
