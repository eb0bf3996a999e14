import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { precompressWebAssets } from './src/server/http/precompress';

/** Brotli and gzip copies of the built files, served as they are (src/server/http/compression.ts). */
const precompress = (): Plugin => ({
  name: 'wanderer-precompress',
  apply: 'build',
  async writeBundle(options) {
    if (options.dir) await precompressWebAssets(options.dir);
  },
});

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: 'hidden', chunkSizeWarningLimit: 900 },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/files': apiTarget, '/healthz': apiTarget },
  },
});
