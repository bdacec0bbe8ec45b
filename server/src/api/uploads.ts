import multipart, { type FastifyMultipartBaseOptions, type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import { bodyLimitBytes, bodyTooLargeMessage } from '../platform/http/body-limit.js';
import { HttpError } from '../platform/http/errors.js';
import type { Upload } from '../use-cases/shared/media.js';

/**
 * Files in multipart bodies, for both surfaces: a route that takes files says which fields and how
 * large (`uploadRoute`), every other route takes none. The files are read after the route's
 * `onRequest` hooks (its sign-in and its upload limit), so nobody sends megabytes only to be refused.
 */

const uploadsOf = new WeakMap<FastifyRequest, Map<string, Upload>>();

/** A size as a person reads it: "64 KB", "16 MB". */
const sizeInWords = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${Math.round(bytes / 1024 / 1024)} MB`;

const imageAdvice = 'Send a smaller or more compressed image.';

const fileTooLarge = (maxBytes: number, advice = imageAdvice) =>
  new HttpError(413, `The file is larger than ${sizeInWords(maxBytes)}, the most Sync takes. ${advice}`);

/** Room beside the files for a multipart body's text fields and part headers. */
const textRoomBytes = bodyLimitBytes;

/**
 * The route options of a route that takes files in these fields, up to `maxBytes` each; `advice`: what
 * to do with a file past it.
 */
export function uploadRoute(fields: readonly string[], maxBytes: number, advice = imageAdvice) {
  return {
    uploadAdvice: advice,
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
    uploadAdvice?: string;
  }
}

/**
 * Multipart bodies on a surface's routes (`limits`: what a route that takes no files may send). Files
 * only where a route takes them, kept aside (`uploadIn`); the text fields become the body, name to value
 * (a list when a name repeats). The surface's error handler words the refusals:
 * - a declared length past what the route may carry: 413 before a byte of the body is read;
 * - a file that grows past the limit as it arrives (a chunked body): 413 as soon as it does, and so
 *   does a body that grows past what the route may carry in any part (a text field, the preamble),
 *   which busboy would otherwise read to its end, discarding;
 * - a body busboy cannot read (no boundary, a part that never ends): 400, never a 500.
 * The rest of a body its answer came before is read and dropped (platform/http/lingering-close.ts).
 */
export async function acceptMultipart(
  app: FastifyInstance,
  limits: FastifyMultipartBaseOptions['limits'],
): Promise<void> {
  await app.register(multipart, { limits });
  // After the route's own onRequest hooks: its sign-in and upload limit answer first.
  app.addHook('preParsing', refuseDeclaredOversize);
  app.addHook('preValidation', readMultipartBody);
}

/**
 * The most a multipart body may carry on this request's route, and the refusal past it: its files and
 * room for text on a route that takes files, the body limit of every other route.
 */
function multipartRoom(request: FastifyRequest): { bytes: number; refusal: () => HttpError } {
  const { uploadFields, maxUploadBytes, uploadAdvice } = request.routeOptions.config;
  if (uploadFields && maxUploadBytes !== undefined) {
    return {
      bytes: uploadFields.length * maxUploadBytes + textRoomBytes,
      refusal: () => fileTooLarge(maxUploadBytes, uploadAdvice),
    };
  }
  return { bytes: bodyLimitBytes, refusal: () => new HttpError(413, bodyTooLargeMessage) };
}

/** Fastify refuses other bodies past its limit itself; a multipart body is read by busboy instead. */
const isMultipartRequest = (request: FastifyRequest) =>
  /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '');

async function refuseDeclaredOversize(
  request: FastifyRequest,
  _reply: FastifyReply,
  payload: RequestPayload,
): Promise<RequestPayload> {
  if (!isMultipartRequest(request)) return payload;
  const room = multipartRoom(request);
  if (Number(request.headers['content-length']) > room.bytes) throw room.refusal();
  return payload;
}

async function readMultipartBody(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const fields: Record<string, unknown> = {};
  // Called, readParts has piped the body into busboy (nothing flows before the next tick), so the
  // count below sees every byte busboy does.
  const reading = readParts(request, fields);
  const overflow = refusalPastRoom(request);
  try {
    await Promise.race([reading, overflow.refused]);
  } catch (error) {
    if (error instanceof HttpError || isClientError(error)) throw error;
    throw new HttpError(
      400,
      'The multipart/form-data body cannot be read: each part needs its headers, and the body must end with the closing boundary named in Content-Type.',
    );
  } finally {
    overflow.stop();
  }
  request.body = fields;
}

async function readParts(request: FastifyRequest, fields: Record<string, unknown>): Promise<void> {
  for await (const part of request.parts(request.routeOptions.config.multipartOptions)) {
    if (part.type === 'file') await keepUpload(request, part);
    else addField(fields, part.fieldname, part.value);
  }
}

/**
 * Rejects as soon as the body has brought more than its route may carry. Busboy's limits cut a text
 * field or a preamble short but read on to the part's end, which a body that never sends one never
 * reaches.
 */
function refusalPastRoom(request: FastifyRequest): { refused: Promise<never>; stop: () => void } {
  const room = multipartRoom(request);
  let received = 0;
  let refuse: (error: HttpError) => void = () => {};
  const refused = new Promise<never>((_resolve, reject) => (refuse = reject));
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > room.bytes) refuse(room.refusal());
  };
  request.raw.on('data', count);
  return { refused, stop: () => request.raw.off('data', count) };
}

/** @fastify/multipart's own refusals (too many parts, fields or files) carry their 4xx status. */
function isClientError(error: unknown): boolean {
  const status: unknown =
    typeof error === 'object' && error !== null ? Reflect.get(error, 'statusCode') : undefined;
  return typeof status === 'number' && status >= 400 && status < 500;
}

function addField(fields: Record<string, unknown>, name: string, value: unknown): void {
  const earlier = fields[name];
  if (earlier === undefined) fields[name] = value;
  else fields[name] = Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
}

/** Keeps a file the route takes, refuses any other. */
async function keepUpload(request: FastifyRequest, part: MultipartFile): Promise<void> {
  const { uploadFields, maxUploadBytes, uploadAdvice } = request.routeOptions.config;
  if (!uploadFields?.includes(part.fieldname)) {
    part.file.resume();
    throw new HttpError(
      422,
      uploadFields
        ? `This endpoint takes files in ${uploadFields.map((name) => `"${name}"`).join(' or ')} only, not "${part.fieldname}".`
        : 'This endpoint takes no files.',
    );
  }
  const bytes = await bytesWithin(part.file, maxUploadBytes ?? 0, uploadAdvice);
  const uploads = uploadsOf.get(request) ?? new Map<string, Upload>();
  uploads.set(part.fieldname, { bytes });
  uploadsOf.set(request, uploads);
}

/**
 * A file's bytes, refused the moment it passes `maxBytes` (busboy's `limit`): waiting for its end, as
 * `toBuffer` does, would read on for as long as the sender sends.
 */
function bytesWithin(file: MultipartFile['file'], maxBytes: number, advice?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The limit may have been passed before this read began (the part's bytes had already come).
    if (file.truncated) return reject(fileTooLarge(maxBytes, advice));
    file.once('limit', () => reject(fileTooLarge(maxBytes, advice)));
    file.once('end', () =>
      file.truncated ? reject(fileTooLarge(maxBytes, advice)) : resolve(Buffer.concat(chunks)),
    );
    // Busboy may have ended the part (a body cut short) before this read began: then no event comes.
    if (file.destroyed) return reject(file.errored ?? new Error('The part ended before its data.'));
    file.once('close', () => reject(file.errored ?? new Error('The part ended before its data.')));
  });
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
