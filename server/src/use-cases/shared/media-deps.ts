import type { MediaConfig } from '../../config.js';
import type { MediaStore } from '../../platform/media/storage.js';
import type { ProcessingSlots } from '../../platform/media/processing-slots.js';

/** What the media use cases need besides the database: where files go, and the turns to process them. */
export interface MediaDeps {
  store: MediaStore;
  slots: ProcessingSlots;
  config: MediaConfig;
}
