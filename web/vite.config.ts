import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './precompress';

const api = process.env.SYNC_API ?? 'http://localhost:3000';

/**
 * The production build runs on Preact through `preact/compat` instead of React DOM: react-dom 19 alone
 * is about 62 KB gzip, and the first screen must stay under 100 KB (decision 040). The code and its
 * types stay React's. The dev server and the unit tests keep real React (Fast Refresh, Testing Library);
 * the e2e suite runs against the build, so it is what checks Preact.
 */
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
];

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: command === 'build' ? preactAliases : [] },
  server: {
    proxy: { '/api': api, '/avatars': api },
  },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
}));
