import { defineConfig } from 'vite';

// `npm run dev` here while `npm start` runs in the repository: the shop's
// /api goes to the demo's BFF (which holds the service credentials), on the
// port `npm start` prints (TOTE_BFF_URL to use another). The BFF accepts
// only its own origin, so the dev proxy presents the request as coming from
// there; a production build is served next to the BFF and needs no proxy.
const bff = process.env.TOTE_BFF_URL ?? 'http://127.0.0.1:5173';

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  // `tote-checkout` comes through `file:../..`, a link to the repository, whose own node_modules hold a React
  // too: without this the package's `import 'react'` would load that second copy and the page stay blank.
  // Any app that links the package (npm link, workspaces) needs the same line; one installed from the
  // registry does not.
  resolve: { dedupe: ['react', 'react-dom'] },
  server: {
    proxy: {
      '/api': {
        target: bff,
        changeOrigin: true,
        configure: (proxy) => proxy.on('proxyReq', (req) => req.setHeader('origin', new URL(bff).origin)),
      },
    },
  },
});
