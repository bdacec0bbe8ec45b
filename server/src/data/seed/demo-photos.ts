import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../database.js';
import { newId } from '../../platform/db/ids.js';
import { processImage } from '../../platform/media/images.js';
import type { MediaStore } from '../../platform/media/storage.js';
import { fileKeysOf, newMediaRow } from '../media.repo.js';

/**
 * Photos for the demo's posts, drawn here (no binary files in the repository) and put through the same
 * processing as an upload: the demo shows what a post with images looks like, alt text included.
 */

interface DemoPhoto {
  /** The post's text, which finds it among the demo's posts. */
  post: string;
  description: string;
  svg: string;
}

const sky = (stops: [string, string, string]) => `
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${stops[0]}"/><stop offset="0.55" stop-color="${stops[1]}"/>
    <stop offset="1" stop-color="${stops[2]}"/>
  </linearGradient>`;

const photos: DemoPhoto[] = [
  {
    post: 'Golden hour in Wadi Rum. No filter could do it justice.',
    description:
      'Red sandstone cliffs in the desert at sunset: the sky fades from violet to orange above a low sun, and the dunes in front are in deep shadow.',
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067">
      <defs>${sky(['#4b2a6b', '#e0744a', '#f7c66b'])}</defs>
      <rect width="1600" height="1067" fill="url(#sky)"/>
      <circle cx="820" cy="560" r="80" fill="#ffe3a3" opacity="0.95"/>
      <path d="M0 700 L180 420 L330 470 L420 300 L560 520 L700 690 Z" fill="#8a3b25"/>
      <path d="M900 720 L1040 520 L1120 560 L1240 380 L1380 560 L1600 480 L1600 760 Z" fill="#7a3120"/>
      <path d="M0 760 Q400 640 800 760 T1600 740 L1600 1067 L0 1067 Z" fill="#b5552d"/>
      <path d="M0 880 Q500 780 1000 900 T1600 860 L1600 1067 L0 1067 Z" fill="#5e2414"/>
    </svg>`,
  },
  {
    post: 'Ran 21 km along the Vistula this morning. Legs: gone. Mood: excellent.',
    description:
      'A wide river at sunrise with a running path along its bank, the low sun reflected in the water, a bridge in the distance.',
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067">
      <defs>${sky(['#9cc3e6', '#f3d3a1', '#f6b77c'])}</defs>
      <rect width="1600" height="1067" fill="url(#sky)"/>
      <circle cx="420" cy="560" r="70" fill="#fff1c9"/>
      <rect y="600" width="1600" height="300" fill="#6f8fae"/>
      <rect x="340" y="610" width="160" height="260" fill="#fbe3b0" opacity="0.5"/>
      <path d="M900 560 H1600 V590 H900 Z M960 590 V640 M1120 590 V640 M1280 590 V640 M1440 590 V640"
        stroke="#3d4b5c" stroke-width="18" fill="#3d4b5c"/>
      <path d="M0 900 Q800 840 1600 900 L1600 1067 L0 1067 Z" fill="#4f6b3a"/>
      <path d="M0 960 Q800 910 1600 960" stroke="#c9b48a" stroke-width="34" fill="none"/>
    </svg>`,
  },
];

/**
 * Processes the demo's photos, stores their files and attaches them to the demo's posts (found by their
 * text). Runs once, after the demo's posts are written.
 */
export async function seedDemoPhotos(
  db: Db,
  input: { store: MediaStore; maxPixels: number; at: string },
): Promise<void> {
  for (const photo of photos) {
    const post = await db
      .selectFrom('posts')
      .select(['id', 'author_id'])
      .where('content', '=', photo.post)
      .executeTakeFirst();
    if (!post) continue;
    const drawn = await sharp(Buffer.from(photo.svg)).jpeg({ quality: 90 }).toBuffer();
    const processed = await processImage(drawn, { maxPixels: input.maxPixels });
    const key = randomBytes(18).toString('base64url');
    const files = fileKeysOf({ key, extension: processed.original.extension });
    await input.store.put(files.original, processed.original.bytes, processed.original.contentType);
    await input.store.put(files.preview, processed.preview.bytes, 'image/webp');
    await db.transaction().execute(async (trx) => {
      const row = newMediaRow({
        id: newId(new Date(input.at)),
        ownerId: post.author_id,
        purpose: 'attachment',
        key,
        image: processed,
        description: photo.description,
        focus: { x: 0, y: 0 },
        at: input.at,
      });
      await trx
        .insertInto('media')
        .values({ ...row, post_id: post.id, unattached_since: null })
        .execute();
      await trx.updateTable('posts').set({ media_count: 1 }).where('id', '=', post.id).execute();
    });
  }
}
