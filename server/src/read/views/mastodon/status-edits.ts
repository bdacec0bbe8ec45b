import type { EditVersion } from '@sync/contract';
import type { Status, StatusEdit } from '@sync/contract/mastodon';
import { textToHtml } from './html.js';
import type { Uris } from '../../../platform/uris/uris.js';

/**
 * A status's versions as StatusEdits, oldest first, from the status as it is now: its account, and its
 * images (an edit keeps the same images; each version shows the alt text it had).
 */
export function statusEditViews(versions: readonly EditVersion[], status: Status, urls: Uris): StatusEdit[] {
  const profiles = new Map(status.mentions.map((mention) => [mention.username.toLowerCase(), mention.url]));
  const images = new Map(status.media_attachments.map((image) => [image.id, image]));
  return versions.map((version) => ({
    content: textToHtml(version.text, {
      profileOf: (username) => profiles.get(username.toLowerCase()),
      tagUrl: urls.tag,
    }),
    spoiler_text: '',
    sensitive: version.sensitive,
    created_at: version.writtenAt,
    account: status.account,
    poll: null,
    media_attachments: version.media.flatMap((shown) => {
      const image = images.get(shown.id);
      return image ? [{ ...image, description: shown.description === '' ? null : shown.description }] : [];
    }),
    emojis: [],
  }));
}
