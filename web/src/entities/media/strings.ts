/** What the uploads say to the person, in one place (the composers show these). */
const MB = 1024 * 1024;
const size = (bytes: number) =>
  bytes < MB ? `${Math.ceil(bytes / 1024)} KB` : `${Math.round((bytes / MB) * 10) / 10} MB`;

export const uploadStrings = {
  tooMany: (max: number) => `You can add up to ${max} ${max === 1 ? 'image' : 'images'}.`,
  tooLarge: (name: string, bytes: number, max: number) =>
    `“${name}” is ${size(bytes)}; an image can be at most ${size(max)}.`,
  heic: (name: string) =>
    `“${name}” is a HEIC photo, which Sync does not take. Export it as JPEG (on an iPhone: Settings → Camera → Formats → Most Compatible) and add it again.`,
  wrongType: (name: string, kinds: string) => `“${name}” is not an image Sync takes (${kinds}).`,
  uploadFailed: (name: string, reason: string) => `“${name}” could not be added: ${reason}`,
};

/** What a composer's list of images says (`AttachmentList`), the post composer's and the comment's. */
export const attachmentStrings = {
  uploading: (name: string) => `Uploading ${name}`,
  remove: (name: string) => `Remove ${name}`,
  altBadge: 'ALT',
  describe: (name: string) => `Description of ${name}`,
  describePlaceholder: "Describe the image for people who can't see it",
  dismiss: 'Dismiss',
};

/** "JPEG, PNG, WebP, GIF, AVIF" from the MIME types the server lists. */
export function kindsOf(types: readonly string[]): string {
  const names: Record<string, string> = {
    'image/jpeg': 'JPEG',
    'image/png': 'PNG',
    'image/webp': 'WebP',
    'image/gif': 'GIF',
    'image/avif': 'AVIF',
  };
  return types.map((type) => names[type] ?? type.replace(/^image\//, '').toUpperCase()).join(', ');
}
