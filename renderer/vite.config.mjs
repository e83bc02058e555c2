// Vite config of the management UI: built to renderer/dist, which the host serves at `/`.
// `npx vite --config renderer/vite.config.mjs` starts a dev server that forwards the API to a host on :3000.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
const hostUrl = process.env.HOMEFORGE_URL ?? 'http://127.0.0.1:3000';

export default {
  root,
  base: '/',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
  server: {
    proxy: { '/api': { target: hostUrl, changeOrigin: false } },
  },
};
