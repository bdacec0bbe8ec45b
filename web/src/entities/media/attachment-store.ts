import type { MediaAttachment, MediaConfiguration } from '@sync/contract';
import { deleteMedia, updateMedia, uploadMedia } from './api';
import { sortFiles } from './check-file';
import { uploadStrings as t } from './strings';

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
  /** Already on the post being edited: removing it takes it off the post with the edit, not at once. */
  posted?: boolean;
};

/** What a composer shows of its images: the images, and why files were not added. */
export type AttachmentState = { items: Attachment[]; refusals: string[] };

let lastKey = 0;

const objectUrl = (file: File) =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
const revoke = (url: string) => {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The images of a composer, outside React (`useAttachments` follows it): each file is checked against
 * what the instance takes, uploaded at once with its progress, described, and removed (deleted on the
 * server, since it is not attached yet). Loaded with the first file added, with the checks and requests.
 */
export class AttachmentStore {
  private state: AttachmentState = { items: [], refusals: [] };
  private readonly listeners = new Set<() => void>();
  private readonly uploads = new Map<string, AbortController>();

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getSnapshot = () => this.state;

  private set(next: Partial<AttachmentState>) {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  private change(update: (old: Attachment[]) => Attachment[]) {
    this.set({ items: update(this.state.items) });
  }

  private patch(key: string, fields: Partial<Attachment>) {
    this.change((old) => old.map((item) => (item.key === key ? { ...item, ...fields } : item)));
  }

  private drop(key: string) {
    this.change((old) => {
      const gone = old.find((item) => item.key === key);
      if (gone) revoke(gone.localUrl);
      return old.filter((item) => item.key !== key);
    });
  }

  add(files: readonly File[], configuration: MediaConfiguration, max: number) {
    const sorted = sortFiles(files, configuration, this.state.items.length, max);
    this.set({ refusals: sorted.refusals });
    for (const file of sorted.accepted) {
      const key = `upload-${++lastKey}`;
      const controller = new AbortController();
      this.uploads.set(key, controller);
      this.change((old) => [
        ...old,
        { key, name: file.name, localUrl: objectUrl(file), progress: 0, media: null, description: '' },
      ]);
      uploadMedia(file, {
        signal: controller.signal,
        onProgress: (progress) => this.patch(key, { progress }),
      })
        .then((media) => this.patch(key, { media, progress: 1 }))
        .catch((error: unknown) => {
          if (isAbort(error)) return;
          this.drop(key);
          this.set({
            refusals: [...this.state.refusals, t.uploadFailed(file.name, (error as Error).message)],
          });
        })
        .finally(() => this.uploads.delete(key));
    }
  }

  remove(key: string) {
    const item = this.state.items.find((entry) => entry.key === key);
    if (!item) return;
    this.uploads.get(key)?.abort();
    // Not attached yet, so the server lets it go; had this failed, its cleanup removes it within a day.
    if (item.media && !item.posted) deleteMedia(item.media.id).catch(() => undefined);
    this.drop(key);
  }

  /** The images a post being edited shows already, first, in their order. */
  seed(posted: readonly MediaAttachment[]) {
    this.change((old) => [
      ...posted.map((media, index) => ({
        key: `posted-${media.id}`,
        name: `image ${index + 1}`,
        localUrl: '',
        progress: 1,
        media,
        description: media.description,
        posted: true,
      })),
      ...old,
    ]);
  }

  describe(key: string, description: string) {
    this.patch(key, { description });
  }

  /** Saves every description that differs from the server's copy; fails with the first refusal. */
  async saveDescriptions() {
    await Promise.all(
      this.state.items.map(async (item) => {
        const description = item.description.trim();
        if (!item.media || description === item.media.description) return;
        this.patch(item.key, { media: await updateMedia(item.media.id, { description }) });
      }),
    );
  }

  /** After posting: the images belong to the post now; nothing is deleted. */
  clear() {
    for (const item of this.state.items) revoke(item.localUrl);
    this.set({ items: [], refusals: [] });
  }

  dismissRefusals() {
    this.set({ refusals: [] });
  }

  /** The composer is gone: its uploads stop, and its files' object URLs are let go. */
  dispose() {
    for (const controller of this.uploads.values()) controller.abort();
    for (const item of this.state.items) revoke(item.localUrl);
  }
}
