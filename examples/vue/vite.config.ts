import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

// `npm run dev` here while `npm start` runs in the repository: the shop's
// /api goes to the demo's BFF (which holds the service credentials).
export default defineConfig({
  plugins: [
    vue({
      // Tote's tags are custom elements: Vue passes them through and sets their properties.
      template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('tote-') } },
    }),
  ],
  server: { proxy: { '/api': 'http://127.0.0.1:5173' } },
});
