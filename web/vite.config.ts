import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import type { Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompress } from './precompress.ts';

const api = process.env.SYNC_API ?? 'http://localhost:3000';

/** Libraries that load on first use (menus and dialogs, windowing), never with the first screen. */
const onFirstUse = /node_modules[\\/](@base-ui|@floating-ui|@tanstack[\\/]react-virtual)[\\/]/;

/** The shared layers of web/src, which most screens use. */
const sharedLayers = /[\\/]web[\\/]src[\\/](lib|components|entities)[\\/]/;

/**
 * Shared modules that the entry's static imports reach, but only through a barrel of a feature or an
 * entity that re-exports more than the first screen uses (the bundle drops the rest: `sideEffects`):
 * the upload code, a composer's checks of a file, the words of an image's controls, the login and signup
 * card, the forms' errors, the account's email address, the menus' focus handling. Only code loaded
 * later runs them, and the shared group would take them into the first screen's file.
 */
const sharedOnFirstUse =
  /[\\/]web[\\/]src[\\/](components[\\/]edit-history[\\/]strings|entities[\\/]media[\\/](api|check-file|strings)|lib[\\/](upload|focus-after-removal|field-errors)|components[\\/]ui[\\/]auth-card|entities[\\/]email[\\/](api|rules|index|email-field))\.tsx?$/;

/** The page's one script, as index.html names it. */
const entry = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

let staticallyReached: Set<string> | undefined;

/**
 * Whether the entry's static imports reach a module. One they do not is loaded with `import()` only (a
 * lazy screen, a menu, a dialog, a part loaded on first use, or what only those import): in the shared
 * group it would come with the first screen instead.
 */
function reachedFromEntry(id: string, ctx: Rolldown.ChunkingContext): boolean {
  if (!staticallyReached) {
    if (!ctx.getModuleInfo(entry))
      throw new Error(`The build has no module ${entry} to start the first screen from`);
    const reached = new Set<string>();
    const next = [entry];
    for (let module = next.pop(); module !== undefined; module = next.pop()) {
      if (reached.has(module)) continue;
      reached.add(module);
      next.push(...(ctx.getModuleInfo(module)?.importedIds ?? []));
    }
    staticallyReached = reached;
  }
  return staticallyReached.has(id);
}

const reachesOnFirstUse = new Map<string, boolean>();

/** Whether a module imports, itself or through its imports, a library that loads on first use. */
function importsOnFirstUse(id: string, ctx: Rolldown.ChunkingContext, path = new Set<string>()): boolean {
  if (onFirstUse.test(id)) return true;
  const known = reachesOnFirstUse.get(id);
  if (known !== undefined) return known;
  if (path.has(id)) return false;
  path.add(id);
  const result = (ctx.getModuleInfo(id)?.importedIds ?? []).some((dep) => importsOnFirstUse(dep, ctx, path));
  path.delete(id);
  reachesOnFirstUse.set(id, result);
  return result;
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    // The server's own pictures (server/public) and uploads, beside the API.
    proxy: { '/api': api, '/avatars': api, '/headers': api, '/thumbnail.png': api, '/media': api },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The contract's TypeBox schemas are built when its module loads; the client uses its `Limits`
      // and text parser, never a schema, so the schema calls are dropped as unused (decision 040).
      treeshake: { manualPureFunctions: ['Type'] },
      output: {
        // The first screen in a dozen files rather than thirty: over HTTP/1.1 a browser fetches six at
        // a time, and every small file costs a round trip (decision 040).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
            // The blurhash decoder is imported on the first image shown; the shared group would take it in.
            { name: 'blurhash', test: /node_modules[\\/]blurhash[\\/]/ },
            // lib/, components/ and entities/ in one file with what they import (React Router among
            // it), but for what would bring a first-use library along (dialogs, the toaster, windowing).
            // Grouping by the import graph alone would: the feature barrels reach everything.
            {
              debugName: 'shared',
              name: (id, ctx) =>
                sharedLayers.test(id) &&
                reachedFromEntry(id, ctx) &&
                !sharedOnFirstUse.test(id) &&
                !importsOnFirstUse(id, ctx)
                  ? 'shared'
                  : null,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
