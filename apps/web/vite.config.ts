import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

// The server (npm run dev at the root) serves the APIs, the user pool and the runtime config on
// one port; in development (and `vite preview`) Vite forwards those paths to it. The Host header is kept
// (changeOrigin off) so the server builds the URLs in /config.json for the Vite origin.
const serverUrl = 'http://localhost:3000';
const serverPaths = [
  '/config.json',
  '/cognito',
  '/user-api',
  '/data-api',
  '/convert-api',
  '/mailbox',
];

const proxy = Object.fromEntries(serverPaths.map((path) => [path, { target: serverUrl }]));

/** The app's green (theme.ts, green shade 9): the phone's title bar and splash screen. */
const themeColor = '#237133';

// The installable app and its service worker (generateSW): the built app shell is kept on the
// phone, so a stack audit opens and goes on without signal once the app was opened online
// (docs/product.md#beyond-the-spec-stack-audits). The worker is registered by src/main.tsx in
// production builds only, and takes over at once when a new build is deployed.
const pwa = VitePWA({
  registerType: 'autoUpdate',
  injectRegister: false,
  // A file too large to keep is named in the build's output, not left out silently.
  showMaximumFileSizeToCacheInBytesWarning: true,
  // The icons are in the precache through globPatterns already.
  includeManifestIcons: false,
  manifest: {
    name: 'Baletrack',
    short_name: 'Baletrack',
    description: 'Bale tracking for hay and forage growers',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: themeColor,
    background_color: '#ffffff',
    icons: [
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/icon-maskable.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The page, every script and style (the map's included: the app opens on it) and the
    // icons; never the `.br`/`.gz` siblings the compression writes, nor the basemap's tiles.
    globPatterns: ['**/*.{html,js,mjs,css,svg}'],
    globIgnores: ['basemap/**'],
    // MapLibre's chunk is ~1.1 MB; a file past this is left out of the precache with a warning.
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
    skipWaiting: true,
    clientsClaim: true,
    navigateFallback: 'index.html',
    // The server's own pages and APIs are never answered with the app's page.
    navigateFallbackDenylist: [
      /^\/(data-api|user-api|cognito|convert-api|mailbox|docs|ingest)(\/|\?|$)/,
      /^\/config\.json/,
    ],
    // The runtime configuration is read first at every start: from the server when it answers
    // within a few seconds, else as it was last read, so the app starts without signal.
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.json',
        handler: 'NetworkFirst',
        options: {
          cacheName: 'runtime-config',
          networkTimeoutSeconds: 5,
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
});

export default defineConfig({
  plugins: [
    react(),
    // `.br` and `.gz` beside every text file of the build, at the highest levels (brotli 11 is
    // too slow per request but fine once per build); the server sends them as they are
    // (apps/server/src/plugins/web-app.ts, docs/operations.md#compression).
    // The basemap's vector tiles (public/basemap/, binary but compressible) are included too.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(html|xml|css|json|js|mjs|svg|pbf)$/,
      logLevel: 'silent',
    }),
    pwa,
  ],
  // '@/…' imports resolve to src/ through the paths of tsconfig.json.
  resolve: { tsconfigPaths: true },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // MapLibre alone is ~1.1 MB minified; it is loaded only with the map (a chunk of its own).
    chunkSizeWarningLimit: 1200,
  },
});
