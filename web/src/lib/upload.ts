import { ApiError, endRefusedSession, refusalOf } from './api-client';
import { getSession } from './session';

type UploadOptions = {
  method?: 'POST' | 'PUT';
  /** The share of the bytes sent so far, from 0 to 1. */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
};

/**
 * Sends a multipart form to the API and reads its JSON answer, as `api` does, but through
 * XMLHttpRequest: fetch reports no upload progress, and a photo from a phone takes seconds to send.
 */
export function uploadForm<T>(
  path: string,
  form: FormData,
  { method = 'POST', onProgress, signal }: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const token = getSession()?.token;
    const request = new XMLHttpRequest();
    request.open(method, `/api${path}`);
    request.setRequestHeader('accept', 'application/json');
    if (token) request.setRequestHeader('authorization', token);
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const data = parse(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        resolve(data as T);
        return;
      }
      if (request.status === 401 && token) endRefusedSession(token);
      void refusalOf(request.status, data).then(reject);
    };
    request.onerror = () =>
      reject(new ApiError(0, 'Could not reach the server. Check your connection and try again.'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
