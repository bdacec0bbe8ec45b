import { useEffect, useState } from 'react';

/** Blurhashes drawn so far, by hash: a feed shows the same few again as it scrolls back. */
const drawn = new Map<string, string>();
const KEEP = 200;
/** A blurhash has no detail to show: 32 × 32 pixels, stretched by CSS, is all it needs. */
const SIZE = 32;

async function draw(hash: string): Promise<string | null> {
  // The decoder loads with the first image, not with the first screen (decision 040's budget).
  const { decode, isBlurhashValid } = await import('blurhash');
  if (!isBlurhashValid(hash).result) return null;
  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  const context = canvas.getContext('2d');
  if (!context) return null;
  const image = context.createImageData(SIZE, SIZE);
  image.data.set(decode(hash, SIZE, SIZE));
  context.putImageData(image, 0, 0);
  return canvas.toDataURL();
}

/** A data URL of the image's blurhash, once drawn (null before, or when it cannot be). */
export function useBlurhash(hash: string): string | null {
  const [url, setUrl] = useState<{ hash: string; url: string | null } | null>(null);
  const known = drawn.get(hash);
  useEffect(() => {
    if (!hash || drawn.has(hash) || !canDraw()) return;
    let current = true;
    draw(hash)
      .then((result) => {
        if (result) {
          if (drawn.size >= KEEP) drawn.delete(drawn.keys().next().value!);
          drawn.set(hash, result);
        }
        if (current) setUrl({ hash, url: result });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [hash]);
  return known ?? (url?.hash === hash ? url.url : null);
}

/** Test environments (jsdom) have a canvas element but no 2D context; asking for one logs an error. */
function canDraw() {
  return typeof navigator === 'undefined' || !navigator.userAgent.includes('jsdom');
}
