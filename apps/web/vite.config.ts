import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

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
