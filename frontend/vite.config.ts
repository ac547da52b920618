import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type IndexHtmlTransformContext, type Plugin } from 'vite';

/**
 * Whether an HTML transform is at the player's index.html (not the console's admin/index.html).
 * Vite runs every plugin's HTML transforms for every page of every build, whatever the plugin's
 * environment, so the player's two plugins check the page themselves.
 */
const isPlayerPage = (context: IndexHtmlTransformContext): boolean =>
  context.path === '/index.html';

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
        if (bundle === undefined || !isPlayerPage(context)) return html;
        return html.replace(
          /\s*<link rel="stylesheet"[^>]*href="\.\/([^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const asset = bundle[file];
            if (asset === undefined || asset.type !== 'asset') return tag;
            return `\n    <style>${String(asset.source)}</style>`;
          },
        );
      },
    },
  };
}

/**
 * A logged-in first visit to home waits for the entry chunk before it even asks for the home
 * chunk, the shared chunk, their CSS and the texts. This plugin adds a tiny inline script to
 * index.html that, only when a token is stored and the first screen is home (or a page that
 * redirects there), asks for those files at once, in parallel with the entry chunk. The login
 * page (no token) loads exactly what it did before; the files are the ones home loads anyway.
 */
function preloadLoggedInHome(): Plugin {
  return {
    name: 'fairhall:preload-logged-in-home',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (bundle === undefined || !isPlayerPage(context)) return html;
        const chunks = Object.values(bundle).flatMap((item) =>
          item.type === 'chunk' ? [item] : [],
        );
        const home = chunks.find(
          (chunk) => chunk.facadeModuleId?.endsWith('/features/home/pages/home-page.tsx') === true,
        );
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (home === undefined || entry === undefined)
          throw new Error('preload plugin: home or entry chunk not found');
        const cssOf = (chunk: (typeof chunks)[number]) => [
          ...(chunk.viteMetadata?.importedCss ?? []),
        ];
        const js = [home.fileName, ...home.imports.filter((file) => file !== entry.fileName)];
        const css = [
          ...new Set([...js.flatMap((file) => cssOf(bundle[file] as typeof home))]),
        ].filter((file) => !cssOf(entry).includes(file));
        const locales: Record<string, string> = {};
        for (const chunk of chunks) {
          const match = /\/i18n\/locales\/([a-z]+)\.json$/.exec(chunk.facadeModuleId ?? '');
          if (match?.[1] !== undefined) locales[match[1]] = chunk.fileName;
        }
        const script =
          `(function(){try{var s=localStorage,t=s.getItem('fairhall.token');if(t===null)return;` +
          `var p=location.hash.replace(/^#/,'').split('?')[0].replace(/(.)\\/+$/,'$1')||'/';` +
          `if(['/','/pages/home/index','/pages/login/index','/pages/login/reg'].indexOf(p)<0)return;` +
          `var l=${JSON.stringify(locales)},g=l[s.getItem('fairhall.lang')]||l.vi,` +
          `f=function(r,h,a){var e=document.createElement('link');e.rel=r;e.href='./'+h;if(a)e.as=a;document.head.appendChild(e)};` +
          `${JSON.stringify(js)}.concat(g?[g]:[]).forEach(function(h){f('modulepreload',h)});` +
          `${JSON.stringify(css)}.forEach(function(h){f('preload',h,'style')})}catch(e){}})();`;
        return html.replace('</head>', `  <script>${script}</script>\n  </head>`);
      },
    },
  };
}

// The dev server forwards API calls to a running `fairhall serve` (FAIRHALL_API).
const backend = process.env.FAIRHALL_API ?? 'http://127.0.0.1:8080';
const proxied = ['/api', '/index/', '/user/', '/logout', '/healthz', '/admin/api'];

// Two builds into one dist/, one after the other (`builder`): the player app (environment
// `client`: index.html, its inline CSS and preload script, the first-load budget) and the
// operator console (`console`: admin/index.html -> dist/admin/index.html, its files in
// dist/assets/ named console-*, referenced as ../assets/). Neither build sees the other's
// modules, so no chunk of one holds code of the other; the shared components and libraries
// are bundled into each. The player's two plugins leave the console's page alone.
export default defineConfig({
  base: './',
  plugins: [react(), inlineEntryCss(), preloadLoggedInHome()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  json: { stringify: true },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    target: 'es2022',
    modulePreload: { polyfill: false },
    reportCompressedSize: true,
  },
  builder: {},
  environments: {
    client: {
      build: {
        emptyOutDir: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // Everything the first load needs in one chunk (one request, one gzip window).
                { name: 'app', tags: ['$initial'], priority: 2 },
                // Code the lazy screens share (TanStack Query, valibot, shared components and
                // hooks) in one chunk instead of a dozen tiny ones: fewer round trips on a phone.
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
    },
    console: {
      consumer: 'client',
      build: {
        // Built after the player app, into the same dist/.
        emptyOutDir: false,
        rolldownOptions: {
          input: fileURLToPath(new URL('./admin/index.html', import.meta.url)),
          output: {
            entryFileNames: 'assets/console-[hash].js',
            chunkFileNames: 'assets/console-[name]-[hash].js',
            assetFileNames: 'assets/console-[name]-[hash][extname]',
          },
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      proxied.map((prefix) => [prefix, { target: backend, changeOrigin: true }]),
    ),
  },
});
