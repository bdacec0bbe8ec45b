/**
 * Who wants to know that the server answered one of the app's requests: a live stream that is waiting
 * out its backoff after the server went away reconnects at once instead (decision 114).
 */
const listeners = new Set<() => void>();

/** Said by the API client for each answer that came from the server itself (not a proxy's 5xx). */
export function serverAnswered(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` at each answer from the server until the returned function is called. */
export function onServerAnswered(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
