import { sendForm } from './form-request.js';
import type { AnswerOf } from './answers.js';
import type { Reply } from './harness.js';

/** A file as a browser sends it: its bytes, the name it had and the type the browser claimed. */
export interface FileToSend {
  bytes: Buffer;
  name?: string;
  type?: string;
}

/**
 * Sends a file as multipart/form-data in the field `file` (POST /api/media, PUT /api/account/avatar),
 * with text fields beside it; the answer parsed as JSON when it is, typed by the route (test/answers.ts).
 */
export async function sendFile<Url extends string, Method extends string = 'POST'>(
  baseUrl: string,
  urlPath: Url,
  token: string | undefined,
  file: FileToSend,
  { method, fields = {} }: { method?: Method; fields?: Record<string, string> } = {},
): Promise<Reply<AnswerOf<Method, Url>>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    'file',
    new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }),
    file.name ?? 'photo.jpg',
  );
  const response = await sendForm(baseUrl + urlPath, {
    method: method ?? 'POST',
    headers: token ? { authorization: token } : {},
    form,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the text as it came.
  }
  // The body takes the route's answer type here, as in the harness's requester.
  return { status: response.status, headers: response.headers, body: body as never };
}

/** A file as served (GET /media/…): status, headers and the bytes. */
export async function fetchFile(
  baseUrl: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(url.startsWith('http') ? url : baseUrl + url, { headers });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}
