import { sendForm } from './form-request.js';
import type { Reply } from './harness.js';

/** A file as a browser sends it: its bytes, the name it had and the type the browser claimed. */
export interface FileToSend {
  bytes: Buffer;
  name?: string;
  type?: string;
}

/**
 * Sends a file as multipart/form-data in the field `file` (POST /api/media, PUT /api/account/avatar),
 * with text fields beside it; the answer parsed as JSON when it is.
 */
export async function sendFile(
  baseUrl: string,
  urlPath: string,
  token: string | undefined,
  file: FileToSend,
  { method = 'POST', fields = {} }: { method?: string; fields?: Record<string, string> } = {},
): Promise<Reply> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    'file',
    new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }),
    file.name ?? 'photo.jpg',
  );
  const response = await sendForm(baseUrl + urlPath, {
    method,
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
  return { status: response.status, headers: response.headers, body: body as any };
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
