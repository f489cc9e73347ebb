import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('./src/web', import.meta.url));
const apiTarget = 'http://127.0.0.1:3000';

/**
 * Web client build (docs/architecture.md, `src/web/`): the SPA lives in src/web and is built into dist/web, which
 * the API process serves. In development `npm run dev:web` proxies the API and the image folder.
 */
export default defineConfig({
  root,
  publicDir: false,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/images': { target: apiTarget, changeOrigin: false },
      // Served by the API (src/server/modules/seo): icon, manifest, robots and sitemap.
      '^/(favicon\\.svg|manifest\\.webmanifest|robots\\.txt|sitemap\\.xml|sitemaps/)': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/images': { target: apiTarget, changeOrigin: false },
    },
  },
});
