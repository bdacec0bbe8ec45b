import type { ErrorField, ErrorWords } from './error-words';
import { serverAnswered } from './server-answers';
import { clearSession, getSession, tokenSettled } from './session';

/**
 * A refusal: `message` is what a person reads (lib/error-words.ts), `apiMessage` what the API said (the
 * spec's own texts among them), `field` the form field it is about, when it names one. Status 0: the
 * server was not reached, and the client's own words say so.
 */
export class ApiError extends Error {
  readonly field: ErrorField | undefined;
  constructor(
    readonly status: number,
    readonly apiMessage: string | undefined,
    words: ErrorWords = { text: apiMessage ?? '' },
  ) {
    super(words.text);
    this.name = 'ApiError';
    this.field = words.field;
  }
}

type Query = Record<string, string | number | null | undefined>;

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  /** The request carries a password the server checks: a 401 may be about it, not the session. */
  checksPassword?: boolean;
  /** Sent instead of the session's: a question asked as an account just signed in to, before its session is set. */
  token?: string;
};

function withQuery(path: string, query: Query | undefined) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * A refused token means the session is over (expired, or the password changed elsewhere): the guard
 * sends the user to /login, which says so; their drafts are kept for after signing in. A token
 * already replaced (signed in again meanwhile) is left alone.
 */
export function endRefusedSession(token: string) {
  void tokenSettled().then(() => {
    if (getSession()?.token === token) clearSession('expired');
  });
}

async function send(
  path: string,
  { method = 'GET', body, query, checksPassword, ...options }: RequestOptions,
) {
  const token = options.token ?? getSession()?.token;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = token;
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`/api${withQuery(path, query)}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  // A 5xx may be a proxy's answer for a server that is away.
  if (response.status < 500) serverAnswered();

  if (!response.ok) {
    const data: unknown = await response.json().catch(() => undefined);
    if (response.status === 401 && token && !checksPassword) endRefusedSession(token);
    throw await refusalOf(response.status, data);
  }
  return response;
}

/**
 * The refusal of the server's first message of `{ errors: [...] }` (none when it gave none), worded for
 * a person. The words load with the first refusal, not with the first screen (decision 040); should
 * they fail to load, the API's own message is said.
 */
export async function refusalOf(status: number, data: unknown): Promise<ApiError> {
  const errors = (data as { errors?: unknown } | undefined)?.errors;
  const message = Array.isArray(errors) && typeof errors[0] === 'string' ? errors[0] : undefined;
  const words = await import('./error-words').then(
    ({ errorWords }) => errorWords(status, message),
    () => ({ text: message ?? `Request failed (${status})` }),
  );
  return new ApiError(status, message, words);
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  return (await response.json().catch(() => undefined)) as T;
}

/** A file the server sends as an attachment, with the name its content-disposition gives. */
export async function apiDownload(
  path: string,
  fallbackName: string,
): Promise<{ blob: Blob; filename: string }> {
  const response = await send(path, {});
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  const filename = (encoded ? decodeURIComponent(encoded) : plain) ?? fallbackName;
  return { blob: await response.blob(), filename };
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong';
}
