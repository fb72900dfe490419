import { defineConfig } from 'vite';

// `npm run dev` here while `npm start` runs in the repository: the shop's
// /api goes to the demo's BFF (which holds the service credentials).
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  server: { proxy: { '/api': 'http://127.0.0.1:5173' } },
});
