import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../platform/http/errors.js';
import type { Upload } from '../use-cases/media.js';

/**
 * Files in multipart bodies, for both surfaces: a route that takes files says which fields and how
 * large (`uploadRoute`), every other route takes none. The files are read after the route's
 * `onRequest` hooks (its sign-in and its upload limit), so nobody sends megabytes only to be refused.
 */

const uploadsOf = new WeakMap<FastifyRequest, Map<string, Upload>>();

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The route options of a route that takes files in these fields, up to `maxBytes` each. */
export function uploadRoute(fields: readonly string[], maxBytes: number) {
  return {
    multipartOptions: {
      limits: { files: fields.length, fileSize: maxBytes, fields: 20, fieldSize: 16 * 1024, parts: 40 },
    },
    uploadFields: fields,
    maxUploadBytes: maxBytes,
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    uploadFields?: readonly string[];
    maxUploadBytes?: number;
  }
}

/** @fastify/multipart's `onFile`: keeps a file the route takes, refuses any other. */
export async function keepUpload(this: FastifyRequest, part: MultipartFile): Promise<void> {
  const { uploadFields, maxUploadBytes } = this.routeOptions.config;
  if (!uploadFields?.includes(part.fieldname)) {
    part.file.resume();
    throw new HttpError(
      422,
      uploadFields
        ? `This endpoint takes files in ${uploadFields.map((name) => `"${name}"`).join(' or ')} only, not "${part.fieldname}".`
        : 'This endpoint takes no files.',
    );
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(
        413,
        `The file is larger than ${megabytes(maxUploadBytes ?? 0)}, the most Sync takes. Send a smaller or more compressed image.`,
      );
    }
    throw error;
  }
  const uploads = uploadsOf.get(this) ?? new Map<string, Upload>();
  uploads.set(part.fieldname, { bytes });
  uploadsOf.set(this, uploads);
}

/** The file sent in `field`, if any. */
export const uploadIn = (request: FastifyRequest, field: string): Upload | undefined =>
  uploadsOf.get(request)?.get(field);

/** The file sent in `field`, or a 422 saying how to send it. */
export function requireUpload(request: FastifyRequest, field: string): Upload {
  const upload = uploadIn(request, field);
  if (!upload) {
    throw new HttpError(
      422,
      request.isMultipart()
        ? `Send the image as a file in the multipart field "${field}".`
        : `Send the image as multipart/form-data, with the file in the field "${field}".`,
    );
  }
  return upload;
}

/** A focal point as Mastodon apps send it ("x,y", each from -1 to 1); undefined when absent. */
export function focusParam(value: unknown): { x: number; y: number } | undefined {
  if (value === undefined || value === '') return undefined;
  const [x, y] = typeof value === 'string' ? value.split(',').map(Number) : [];
  const within = (n: number | undefined): n is number =>
    n !== undefined && Number.isFinite(n) && n >= -1 && n <= 1;
  if (!within(x) || !within(y)) {
    throw new HttpError(
      422,
      'The focal point must be two numbers from -1 to 1, as "x,y" (for example "0.5,-0.2").',
    );
  }
  return { x, y };
}

/** A text field of a multipart body; undefined when absent or not text. */
export function textField(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value: unknown = Reflect.get(body, name);
  return typeof value === 'string' ? value : undefined;
}
