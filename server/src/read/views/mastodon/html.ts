import { parseTextEntities } from '@sync/contract';
import { escapeHtml } from '../escape-html.js';

/**
 * Sync's texts are plain text; the Mastodon API's `content` and `note` are HTML. This is the one place
 * that turns one into the other (federation will render the same HTML): everything the person wrote
 * is escaped, so no markup of theirs ever comes back live; mentions, hashtags and links become anchors
 * with the classes Mastodon's own HTML carries (apps style and route by them); paragraphs are split
 * at blank lines and other line breaks are <br />.
 */

export interface LinkTargets {
  /** The profile URL of a mentioned username, or undefined when nobody has that name (left as text). */
  profileOf(username: string): string | undefined;
  tagUrl(tag: string): string;
}

function inlineHtml(text: string, targets: LinkTargets): string {
  let html = '';
  let index = 0;
  for (const entity of parseTextEntities(text)) {
    html += escapeHtml(text.slice(index, entity.start));
    index = entity.end;
    if (entity.type === 'link') {
      const href = escapeHtml(entity.url);
      html += `<a href="${href}" target="_blank" rel="nofollow noopener noreferrer" translate="no">${escapeHtml(entity.text)}</a>`;
    } else if (entity.type === 'hashtag') {
      html += `<a href="${escapeHtml(targets.tagUrl(entity.tag))}" class="mention hashtag" rel="tag">#<span>${escapeHtml(entity.text.slice(1))}</span></a>`;
    } else {
      const profile = targets.profileOf(entity.username);
      html += profile
        ? `<span class="h-card" translate="no"><a href="${escapeHtml(profile)}" class="u-url mention">@<span>${escapeHtml(entity.username)}</span></a></span>`
        : escapeHtml(entity.text);
    }
  }
  return (html + escapeHtml(text.slice(index))).replace(/\r?\n/g, '<br />');
}

/** A text as Mastodon HTML: `<p>` per paragraph; the empty text is the empty string. */
export function textToHtml(text: string, targets: LinkTargets): string {
  return text
    .split(/(?:\r?\n){2,}/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p>${inlineHtml(paragraph, targets)}</p>`)
    .join('');
}
