import { encode as encodeBlurhash } from 'blurhash';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { MediaLimits } from '@sync/contract';
import { acceptedImageTypes, sniffImageType, type AcceptedImageType } from './image-types.js';

// Each image is read once: libvips's cache of operations would only hold memory between uploads.
sharp.cache(false);

/** Why an upload is not stored, for the use case to answer in words a person can act on. */
export class ImageRefused extends Error {
  constructor(
    readonly reason: 'heic' | 'svg' | 'not-an-image' | 'too-many-pixels' | 'unreadable',
    message: string,
  ) {
    super(message);
  }
}

export interface ProcessedImage {
  /** Upright, no metadata but the colour profile, at most 3840×2160. */
  original: { bytes: Buffer; contentType: string; extension: string; width: number; height: number };
  /** WebP, at most 640 px wide; an animated image's first frame. */
  preview: { bytes: Buffer; width: number; height: number };
  blurhash: string;
  animated: boolean;
}

/** How each type is stored: in its own format, but a GIF as a (possibly animated) WebP. */
const storedAs: Record<AcceptedImageType, { contentType: string; extension: string }> = {
  'image/jpeg': { contentType: 'image/jpeg', extension: acceptedImageTypes['image/jpeg'] },
  'image/png': { contentType: 'image/png', extension: acceptedImageTypes['image/png'] },
  'image/webp': { contentType: 'image/webp', extension: acceptedImageTypes['image/webp'] },
  'image/gif': { contentType: 'image/webp', extension: acceptedImageTypes['image/webp'] },
  'image/avif': { contentType: 'image/avif', extension: acceptedImageTypes['image/avif'] },
};

/**
 * Checks an upload and makes what is stored of it: the type from its bytes, the pixel count from its
 * header before anything is decoded (a small file can unpack to gigabytes), then the original
 * re-encoded (which leaves EXIF, GPS, XMP and IPTC behind: sharp writes metadata only when asked, and
 * is asked for the colour profile alone), a preview and a blurhash.
 */
export async function processImage(
  bytes: Buffer,
  options: {
    maxPixels: number;
    /** An avatar or a header: cut to this size around the middle, still, whatever the input's size. */
    crop?: { width: number; height: number } | undefined;
  },
): Promise<ProcessedImage> {
  const sniffed = await sniffImageType(bytes);
  if (!sniffed.accepted) throw refusalOf(sniffed.kind, sniffed.detected);
  const type = sniffed.type;
  let metadata: Metadata;
  try {
    // Measured with libvips's own pixel limit off: above it (about 268 megapixels) even the header would
    // be refused, as if damaged. Only the header is read here; the decoding below keeps the limit.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused(
      'unreadable',
      'The image cannot be read: the file may be damaged. Try saving it again.',
    );
  }
  const frames = metadata.pages ?? 1;
  const frameHeight = metadata.pageHeight ?? metadata.height;
  const pixels = metadata.width * frameHeight * frames;
  if (pixels > options.maxPixels) {
    throw new ImageRefused(
      'too-many-pixels',
      `The image has ${megapixels(pixels)} (all frames together), more than the ${megapixels(options.maxPixels)} Sync takes. Make it smaller and try again.`,
    );
  }
  const animated = !options.crop && frames > 1 && (type === 'image/gif' || type === 'image/webp');
  const input = { limitInputPixels: options.maxPixels, animated, failOn: 'error' as const };
  try {
    const { contentType, extension } = storedAs[type];
    const upright = sharp(bytes, input)
      .autoOrient()
      .keepIccProfile()
      .resize(
        options.crop
          ? { ...options.crop, fit: 'cover' }
          : {
              width: MediaLimits.originalMaxWidth,
              height: MediaLimits.originalMaxHeight,
              fit: 'inside',
              withoutEnlargement: true,
            },
      );
    const original = await encodeAs(upright, contentType).toBuffer({ resolveWithObject: true });
    // From the stored original: a crop's preview shows what the crop kept.
    const preview = await sharp(original.data, { ...input, animated: false })
      .resize({ width: MediaLimits.previewMaxWidth, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return {
      original: {
        bytes: original.data,
        contentType,
        extension,
        width: original.info.width,
        height: original.info.pageHeight ?? original.info.height,
      },
      preview: { bytes: preview.data, width: preview.info.width, height: preview.info.height },
      blurhash: await blurhashOf(preview.data),
      animated,
    };
  } catch (error) {
    if (error instanceof ImageRefused) throw error;
    throw new ImageRefused(
      'unreadable',
      'The image cannot be read: the file may be damaged. Try saving it again.',
    );
  }
}

function encodeAs(image: Sharp, contentType: string): Sharp {
  switch (contentType) {
    case 'image/jpeg':
      return image.jpeg({ quality: 88 });
    case 'image/png':
      return image.png();
    case 'image/avif':
      return image.avif({ quality: 60, effort: 2 });
    default:
      return image.webp({ quality: 85 });
  }
}

/** Mastodon's 4×3 components, from a 32 px thumbnail of the preview. */
async function blurhashOf(preview: Buffer): Promise<string> {
  const { data, info } = await sharp(preview)
    .resize(32, 32, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return encodeBlurhash(new Uint8ClampedArray(data), info.width, info.height, 4, 3);
}

const megapixels = (pixels: number) => `${(pixels / 1_000_000).toFixed(1)} megapixels`;

function refusalOf(kind: 'heic' | 'svg' | 'other', detected: string | undefined): ImageRefused {
  const taken = 'Sync takes JPEG, PNG, WebP, GIF and AVIF images';
  if (kind === 'heic') {
    return new ImageRefused(
      'heic',
      `This is a HEIC photo, which most browsers cannot show. Export it as JPEG (on an iPhone: Settings → Camera → Formats → Most Compatible) and upload that. ${taken}.`,
    );
  }
  if (kind === 'svg') {
    return new ImageRefused(
      'svg',
      `SVG drawings can carry scripts, so Sync does not take them. ${taken}: export it as PNG.`,
    );
  }
  return new ImageRefused(
    'not-an-image',
    `This file is ${detected ? `${detected}, ` : ''}not an image Sync can show. ${taken}, whatever the file's name says.`,
  );
}
