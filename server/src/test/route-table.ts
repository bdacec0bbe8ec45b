import type { TestServer } from './harness.js';

/** One route the app serves: its method and its path, without a trailing slash. */
export interface Route {
  method: string;
  path: string;
}

/**
 * Every route in the app's route table (HEAD and CORS preflights aside), read from Fastify's printed
 * tree: the matrices check themselves against it, so a new route cannot go unclassified.
 */
export function routeTable(server: Pick<TestServer, 'app'>): Route[] {
  const routes: Route[] = [];
  // The full path of the node at each depth of the tree, which the lines below it continue.
  const stack: string[] = [];
  for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│├└─ ]*)(\S.*?) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4 - 1;
    const path = `${depth > 0 ? stack[depth - 1] : ''}${match[2]}`;
    stack[depth] = path;
    for (const method of match[3]!.split(', ')) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, path: path.replace(/\/$/, '') });
    }
  }
  return routes;
}
