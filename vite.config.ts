import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const root = fileURLToPath(new URL('./src/web', import.meta.url));
const apiTarget = 'http://127.0.0.1:3000';

/**
 * Emits `sw.js`, the offline service worker (docs/product.md §17), next to the built app: the source
 * src/web/sw/service-worker.ts bundled by esbuild into one classic script (no imports, so every
 * browser runs it), with this build's shell files (`/`, every asset, the icon) and a version hashed
 * from them, so each build installs a worker of its own and drops the previous shell.
 */
function serviceWorker(): Plugin {
  return {
    name: 'portal-service-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const assets = Object.keys(bundle)
        .filter((file) => file.startsWith('assets/') && !/\.(br|gz)$/.test(file))
        .sort();
      const shell = ['/', '/favicon.svg', ...assets.map((file) => `/${file}`)];
      const version = createHash('sha256')
        .update(shell.join('\n'))
        .update(readFileSync(fileURLToPath(new URL('./index.html', `file://${root}/`))))
        .digest('hex')
        .slice(0, 16);
      const result = await build({
        entryPoints: [fileURLToPath(new URL('./sw/service-worker.ts', `file://${root}/`))],
        bundle: true,
        write: false,
        format: 'iife',
        target: 'es2022',
        minify: true,
        legalComments: 'none',
        define: { __SW_VERSION__: JSON.stringify(version), __SW_PRECACHE__: JSON.stringify(shell) },
      });
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: result.outputFiles[0]!.text });
    },
  };
}

/**
 * The modules the first screen loads (every module the entry reaches through static imports),
 * collected when the module graph is complete, so the build can put them in one file.
 */
function firstLoadModules(): { plugin: Plugin; has: (id: string) => boolean } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'portal-first-load-modules',
    apply: 'build',
    buildEnd() {
      modules.clear();
      const queue = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (modules.has(id)) continue;
        modules.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, has: (id) => modules.has(id) };
}

const firstLoad = firstLoadModules();

/**
 * Web client build (docs/architecture.md, `src/web/`): the SPA lives in src/web and is built into dist/web, which
 * the API process serves. In development `npm run dev:web` proxies the API and the image folder.
 */
export default defineConfig({
  root,
  publicDir: false,
  plugins: [
    react(),
    tailwindcss(),
    serviceWorker(),
    firstLoad.plugin,
    // Brotli (quality 11) and gzip (level 9) copies of the scripts and styles, which the server
    // sends as they are (`preCompressed`): 15 % fewer bytes than compressing on the fly (issue 22).
    compression({
      include: /\.(js|css|svg)$/,
      algorithms: [defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
      logLevel: 'silent',
    }),
  ],
  resolve: {
    // wouter imports the hook through the shim for React 17 and older; React 19 has it built in.
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/web/lib/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    // Every browser we support has <link rel="modulepreload"> (Safari 17+, Firefox 115+, Chromium):
    // the polyfill would only cost the first screen's script bytes.
    modulePreload: { polyfill: false },
    // The first screen's modules in one file (the lazy chunks import from it). Served over HTTP/1.1,
    // each file of the first load costs a phone on a slow connection a request slot and round trip:
    // 28 files → 1 moved Lighthouse's mobile first paint from 2.5 to 1.7 s (docs/performance.md).
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'app', test: (id: string) => firstLoad.has(id) }] },
      },
    },
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
