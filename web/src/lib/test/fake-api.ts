import { vi } from 'vitest';

/** A request the client under test sent, as the server would read it. */
export type SentRequest = { method: string; path: string; query: URLSearchParams; body: unknown };

type Answer = { status?: number; body: unknown };
type Handler = (request: SentRequest) => Answer;

/**
 * For component tests in jsdom, which has no server: `fetch` answers `/api` requests from the handlers
 * given ("GET /blocks" → handler) and records every request, so a test checks what the client sent.
 * An unhandled request is answered 501 naming it, which the client shows as its error. The real
 * server's answers are the e2e tests' to check (e2e/tests).
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const request: SentRequest = {
      method,
      path,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(request);
    const handler = handlers[`${method} ${path}`];
    const { status = 200, body } = handler
      ? handler(request)
      : refusal(501, `No answer for ${method} ${path} in this test`);
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { sent, restore: () => vi.unstubAllGlobals() };
}

/** An error answer as the server writes them. */
export const refusal = (status: number, message: string): Answer => ({ status, body: { errors: [message] } });
