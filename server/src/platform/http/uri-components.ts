/**
 * A %-encoded URI component, decoded; undefined when an escape is malformed (`%x`, `%E0%A4%A`), for which
 * `decodeURIComponent` throws a URIError that would otherwise answer 500 instead of the caller's 4xx.
 */
export function decodedComponent(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch (error) {
    if (error instanceof URIError) return undefined;
    throw error;
  }
}
