// This file runs in Node at build time, not in the browser.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `npm run dev` forwards /api; the server listens on 127.0.0.1:3000 by default. */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';
const apiTargetOrigin = new URL(apiTarget).origin;

// The domain package's default export points at dist/, which may not be built yet.
const domainSource = fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url));
const domainDir = fileURLToPath(new URL('../../packages/domain/src/', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@desk/domain': domainSource },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/check-budgets.mjs (the JS budgets per route), which then removes it.
    manifest: true,
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 10 }],
        },
      },
      treeshake: {
        // The domain package is pure (no I/O, see docs/conventions.md), so modules the page does not use,
        // such as the zod schemas, can be dropped from the landing and login bundle.
        moduleSideEffects: (id: string) => !id.startsWith(domainDir),
      },
    },
  },
  server: {
    proxy: {
      '/api': {
        target: apiTarget,
        changeOrigin: true,
        // The server refuses state-changing requests from another origin. Requests that the
        // dev page itself sends carry the dev server's origin; present them as same-origin to
        // the API, and leave every other Origin untouched so the check still bites.
        configure: (proxy) => {
          proxy.on('proxyReq', (proxyReq, req) => {
            const origin = req.headers.origin;
            const host = req.headers.host;
            if (origin && host && new URL(origin).host === host) {
              proxyReq.setHeader('origin', apiTargetOrigin);
            }
          });
        },
      },
    },
  },
});
