import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
const workspace = fileURLToPath(new URL('../..', import.meta.url));

// The api serves the build at /ui/; in `npm run dev:web` every other path goes to the running api.
const apiUrl = process.env['CRUCIBLE_API_URL'] ?? 'http://127.0.0.1:8000';

export default defineConfig({
  root,
  base: '/ui/',
  plugins: [react()],
  resolve: {
    alias: {
      '@crucible/client': `${workspace}libs/client/src/index.ts`,
      '@crucible/contracts': `${workspace}libs/contracts/src/index.ts`,
    },
  },
  build: {
    outDir: `${workspace}dist/apps/web`,
    emptyOutDir: true,
    // The build's own files: compile-web.mjs carries them into the next build, `npm run bench console` weighs them.
    manifest: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      // What every screen runs and rarely changes in a chunk of its own, so a new release leaves it cached.
      output: { codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]react-query)[\\/]/ }] } },
    },
  },
  server: {
    port: Number(process.env['PORT'] ?? 5173),
    proxy: { '^/(?!ui(/|$)).*': { target: apiUrl, changeOrigin: true } },
  },
});
