import type { MediaStoreConfig } from '../../config.js';
import { DiskStore } from './disk-store.js';
import { S3Store } from './s3-store.js';
import type { MediaStore } from './storage.js';

/** The store the configuration names, checked: an unreachable bucket stops the start with a reason. */
export async function openMediaStore(config: MediaStoreConfig): Promise<MediaStore & { close?: () => void }> {
  if (config.kind === 'disk') return new DiskStore(config.folder);
  const store = new S3Store(config);
  await store.check();
  return store;
}
