import { vi } from 'vitest';

/** An upload the client under test sent: where, and the form's parts (files by name). */
export type SentUpload = { method: string; path: string; parts: Record<string, string>; file: File | null };

type Answer = { status?: number; body: unknown };

/**
 * For component tests: `XMLHttpRequest` (which uploads use, for their progress) answers `/api` uploads
 * from the handlers given ("POST /media" → handler), after reporting the file half sent, then all of it.
 * Unhandled uploads are answered 501. `fetch` is `fakeApi`'s (lib/test/fake-api.ts).
 */
export function fakeUploads(handlers: Record<string, (upload: SentUpload) => Answer>) {
  const sent: SentUpload[] = [];

  class FakeRequest {
    status = 0;
    statusText = '';
    responseText = '';
    responseType = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private path = '';
    private aborted = false;

    open(method: string, url: string) {
      this.method = method;
      this.path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
    }
    setRequestHeader() {}
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
    send(form: FormData) {
      const parts: Record<string, string> = {};
      let file: File | null = null;
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') parts[name] = value;
        else file = value;
      }
      const upload = { method: this.method, path: this.path, parts, file };
      sent.push(upload);
      const handler = handlers[`${this.method} ${this.path}`];
      const { status = 200, body } = handler
        ? handler(upload)
        : { status: 501, body: { errors: [`No answer for ${this.method} ${this.path} in this test`] } };
      const total = file?.size ?? 1;
      setTimeout(() => {
        if (this.aborted) return;
        this.upload.onprogress?.({ lengthComputable: true, loaded: total / 2, total } as ProgressEvent);
        setTimeout(() => {
          if (this.aborted) return;
          this.upload.onprogress?.({ lengthComputable: true, loaded: total, total } as ProgressEvent);
          this.status = status;
          this.responseText = JSON.stringify(body);
          this.onload?.();
        }, 0);
      }, 0);
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return { sent };
}
