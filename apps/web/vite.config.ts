import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@shop/shared': fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    // In development Vite serves the app and hands API calls to the Fastify process.
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: { outDir: 'dist', sourcemap: true },
  // The build-time render of the home page (scripts/prerender.mjs) runs one self-contained file.
  ssr: { noExternal: true },
});
