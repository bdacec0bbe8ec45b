import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompress } from './precompress.ts';

const api = process.env.SYNC_API ?? 'http://localhost:3000';

/** Libraries that load on first use (menus and dialogs, windowing), never with the first screen. */
const onFirstUse = /node_modules[\\/](@base-ui|@floating-ui|@tanstack[\\/]react-virtual)[\\/]/;

/** The shared layers of web/src, which most screens use. */
const sharedLayers = /[\\/]web[\\/]src[\\/](lib|components|entities)[\\/]/;

/**
 * Shared modules that only code loaded later uses: their importers load them with `import()`, on first
 * use (a post's image grid and its tiles, an image's lightbox, the upload code with the first file
 * added, a composer's list of images with the first image, the words of the first API refusal, the
 * suggestions with the first @, # or search letter typed), or only lazy chunks import them (the live
 * stream's connection, fetched once the browser is idle; the menus' focus handling; the login and
 * signup card; the forms' errors; the account's email address, for the sign-up, login, email-link and
 * Settings screens; the follow notifications' follow state, which only the follow buttons set). The
 * shared group would otherwise take them into the first screen's file.
 */
const sharedOnFirstUse =
  /[\\/]web[\\/]src[\\/](components[\\/]ui[\\/](suggestion-box|suggestion-sources|text-suggestions)|components[\\/]edit-history[\\/](word-diff|strings|history-dialog)|components[\\/]media[\\/](lightbox|media-gallery|media-tile|blurhash|strings)|entities[\\/]media[\\/](attachment-store|attachment-list|api|check-file|strings)|lib[\\/](upload|event-stream|focus-after-removal|error-words|field-errors)|components[\\/]ui[\\/]auth-card|entities[\\/]email[\\/](api|rules|index|email-field)|entities[\\/]notifications[\\/]follow-state)\.tsx?$/;

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
    proxy: { '/api': api, '/avatars': api, '/media': api },
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
                sharedLayers.test(id) && !sharedOnFirstUse.test(id) && !importsOnFirstUse(id, ctx)
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
