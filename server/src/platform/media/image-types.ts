import { fileTypeFromBuffer } from 'file-type';

/** The images Sync takes, by the MIME type their bytes show; the extension their stored original gets. */
export const acceptedImageTypes = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
} as const;
export type AcceptedImageType = keyof typeof acceptedImageTypes;

export type SniffedType =
  | { accepted: true; type: AcceptedImageType }
  | { accepted: false; kind: 'heic' | 'svg' | 'other'; detected: string | undefined };

const isAccepted = (mime: string): mime is AcceptedImageType => Object.hasOwn(acceptedImageTypes, mime);

/**
 * What a file is, from its bytes alone: never its name or what the browser said. An SVG is text (it
 * has no magic number) and is looked for by its root element, to refuse it with a message of its own.
 */
export async function sniffImageType(bytes: Buffer): Promise<SniffedType> {
  const found = await fileTypeFromBuffer(bytes);
  if (found && isAccepted(found.mime)) return { accepted: true, type: found.mime };
  if (found?.mime === 'image/heic' || found?.mime === 'image/heif') {
    return { accepted: false, kind: 'heic', detected: found.mime };
  }
  // An SVG with an XML declaration first (as drawing programs write it) shows as XML.
  const textual = !found || found.mime === 'application/xml';
  if (textual && /<svg[\s>]/i.test(bytes.subarray(0, 4096).toString('latin1'))) {
    return { accepted: false, kind: 'svg', detected: 'image/svg+xml' };
  }
  return { accepted: false, kind: 'other', detected: found?.mime };
}
