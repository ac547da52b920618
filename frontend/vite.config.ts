import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Inlines the entry stylesheet (about 2 kB gzip) into index.html: one render-blocking request
 * less on the first load. Lazy screens keep their own hashed CSS files. The entry stylesheet
 * stays in dist/ too: a chunk loaded from another lazy chunk (e.g. the QR code of the deposit
 * page) lists it among the CSS to preload, and a missing file would fail that import.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'fairhall:inline-entry-css',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (bundle === undefined) return html;
        return html.replace(/\s*<link rel="stylesheet"[^>]*href="\.\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle[file];
          if (asset === undefined || asset.type !== 'asset') return tag;
          return `\n    <style>${String(asset.source)}</style>`;
        });
      },
    },
  };
}

// The dev server forwards API calls to a running `fairhall serve` (FAIRHALL_API).
const backend = process.env.FAIRHALL_API ?? 'http://127.0.0.1:8080';
const proxied = ['/api', '/index/', '/user/', '/logout', '/healthz'];

export default defineConfig({
  base: './',
  plugins: [react(), inlineEntryCss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  json: { stringify: true },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    target: 'es2022',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the first load needs in one chunk (one request, one gzip window).
            { name: 'app', tags: ['$initial'], priority: 2 },
            // Code the lazy screens share (TanStack Query, valibot, shared components and hooks)
            // in one chunk instead of a dozen tiny ones: fewer round trips on a phone.
            {
              name: 'shared',
              test: /node_modules[\\/](@tanstack|valibot)|src[\\/](components|hooks|lib|app[\\/]query-)/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend, changeOrigin: true }])),
  },
});
