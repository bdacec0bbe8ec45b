import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';

/**
 * Files for the media tests, made in code with sharp (no binary fixtures): photos as phones send them,
 * and the files an upload must refuse. Each is made once per test file and shared.
 */

const once = <T>(make: () => Promise<T>): (() => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
};

/** Where the test photo was "taken": 51°30'0" N, 0°7'0" W. */
export const photoPosition = {
  latitudeRef: 'N',
  latitude: [51, 30, 0],
  longitudeRef: 'W',
  longitude: [0, 7, 0],
};

/**
 * A phone photo held upright: stored 600×400 (landscape) with EXIF orientation 6 (turn 90° clockwise to
 * show), so it is 400×600 once upright; the left half red and the right half blue, so the turn can be
 * checked by the colour of the top. It carries the camera's make and its GPS position.
 */
export const phonePhoto = once(async () => {
  const half = { width: 300, height: 400, channels: 3 } as const;
  const bytes = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#d01010' } })
    .composite([
      {
        input: await sharp({ create: { ...half, background: '#1010d0' } })
          .png()
          .toBuffer(),
        left: 300,
        top: 0,
      },
    ])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Phone 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  return bytes;
});

/** A PNG, 320×200, with an alpha channel (what a screenshot is). */
export const png = once(() =>
  sharp({
    create: { width: 320, height: 200, channels: 4, background: { r: 20, g: 160, b: 90, alpha: 0.8 } },
  })
    .png()
    .toBuffer(),
);

/** A JPEG of `width`×`height`, one colour (for avatars, headers and posts with several images). */
export const jpeg = (width: number, height: number, background = '#808080') =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** An animated GIF: three 64×48 frames, red, green and blue. */
export const animatedGif = once(async () => {
  const frame = (background: string) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background } })
      .png()
      .toBuffer();
  return sharp(await Promise.all(['#ff0000', '#00ff00', '#0000ff'].map(frame)), {
    join: { animated: true },
  })
    .gif({ delay: [200, 200, 200], loop: 0 })
    .toBuffer();
});

/**
 * A decompression bomb: a valid PNG of 10000×10000 pixels (100 megapixels, 300 MB once decoded) in about
 * 300 KB, well within the size limit but three times the pixel limit.
 */
export const decompressionBomb = once(() =>
  sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000000' } })
    .png({ compressionLevel: 9 })
    .toBuffer(),
);

/**
 * A bomb past libvips's own default pixel limit (about 268 megapixels): a PNG whose header says
 * 20000×20000 (400 megapixels), grey, with a few rows of data. Sharp refuses to read even the header of
 * such a file unless told not to limit it, so it tells whether the size is measured before that limit.
 */
export const headerOnlyBomb = (): Buffer => {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit grey, deflate, adaptive filters, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(4 * 20_001))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** 17 MB (more than the 16 MB limit): a JPEG's first bytes, then noise. */
export const seventeenMegabytes = once(async () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(17 * 1024 * 1024 - 4)]),
);

/** An SVG as drawing programs write it (an XML declaration first), with a script in it. */
export const svg = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">' +
    '<script>alert(document.cookie)</script><rect width="100" height="100" fill="red"/></svg>\n',
);

/** An SVG without a declaration. */
export const bareSvg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>',
);

/** The start of a HEIC photo (an iPhone's): its `ftyp` box says heic; the rest does not matter. */
export const heic = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic', 'latin1'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic', 'latin1'),
  randomBytes(2000),
]);

export const textFile = Buffer.from('Shopping list:\n- bread\n- milk\n'.repeat(20));

/** The EXIF block's header in a JPEG's APP1 segment: what a file with EXIF metadata carries. */
export const exifMarker = Buffer.from('Exif\0\0', 'latin1');

/**
 * The GPS position in a file's EXIF, read from its TIFF structure (IFD0 → the GPS IFD → latitude and
 * longitude): undefined when there is none. Enough of EXIF to show a fixture carries what a phone's
 * photo does, and that what is served does not.
 */
export async function gpsPositionOf(bytes: Buffer): Promise<typeof photoPosition | undefined> {
  const { exif } = await sharp(bytes).metadata();
  if (!exif) return undefined;
  const tiff = exif.subarray(exif.subarray(0, 6).equals(exifMarker) ? 6 : 0);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const entries = (ifd: number) =>
    Array.from({ length: u16(ifd) }, (_, i) => {
      const at = ifd + 2 + i * 12;
      return { tag: u16(at), count: u32(at + 4), valueAt: at + 8 };
    });
  const gpsPointer = entries(u32(4)).find((entry) => entry.tag === 0x8825);
  if (!gpsPointer) return undefined;
  const gps = new Map(entries(u32(gpsPointer.valueAt)).map((entry) => [entry.tag, entry]));
  const ascii = (tag: number) => {
    const entry = gps.get(tag);
    return entry ? tiff.toString('latin1', entry.valueAt, entry.valueAt + 1) : '';
  };
  const rationals = (tag: number) => {
    const entry = gps.get(tag);
    if (!entry) return [];
    const start = u32(entry.valueAt);
    return Array.from({ length: entry.count }, (_, i) => u32(start + i * 8) / u32(start + i * 8 + 4));
  };
  return {
    latitudeRef: ascii(1),
    latitude: rationals(2),
    longitudeRef: ascii(3),
    longitude: rationals(4),
  };
}

/** The colour of a pixel of an image (upright as stored), as [r, g, b]. */
export async function pixelAt(bytes: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}
