import http from 'node:http';

/**
 * Sends a multipart form as fetch does (the same bytes and boundary), and takes the answer as a browser
 * does. A server that answers an upload before reading its body (a refused sign-in, a limit) closes the
 * connection, so writing the rest of the body can fail with EPIPE; Node's fetch (undici) then fails the
 * whole request even when the answer came first, which is timing: it passed on Node 20 and fails on
 * Node 24's faster server. Here the answer stands, and only an error before it fails the request.
 */
export async function sendForm(
  url: string,
  { method, headers = {}, form }: { method: string; headers?: Record<string, string>; form: FormData },
): Promise<Response> {
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method,
      headers: {
        ...headers,
        'content-type': encoded.headers.get('content-type')!,
        'content-length': String(body.length),
      },
    });
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers))
          for (const one of [value ?? []].flat()) answerHeaders.append(name, one);
        const bytes = Buffer.concat(chunks);
        resolve(
          new Response(bytes.length ? bytes : null, {
            status: response.statusCode ?? 0,
            headers: answerHeaders,
          }),
        );
      });
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    request.end(body);
  });
}
