/** Bound on the ids in one `IN (...)` list: SQLite and PostgreSQL both cap bound parameters. */
const chunkSize = 500;

export async function inChunks<T>(ids: T[], load: (chunk: T[]) => Promise<void>): Promise<void> {
  for (let start = 0; start < ids.length; start += chunkSize) {
    await load(ids.slice(start, start + chunkSize));
  }
}

export function groupBy<K, V>(items: readonly V[], keyOf: (item: V, index: number) => K): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const [index, item] of items.entries()) {
    const key = keyOf(item, index);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
