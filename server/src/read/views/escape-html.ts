/**
 * Plain text made safe inside HTML, as text or in a quoted attribute: the Mastodon API's HTML
 * (views/mastodon/html.ts) and the HTML of the mails (use-cases/shared/email-links.ts) both escape with it.
 */
const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char]!);
