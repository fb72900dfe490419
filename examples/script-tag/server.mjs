// Serves a built page with Tote's BFF at /api, under a strict Content Security
// Policy, against the same local sandbox `npm start` uses (or a real service
// when SERVICE_BASE_URL etc. are set). After `npm run build`:
//
//   node examples/script-tag/server.mjs            → the script-tag example on http://127.0.0.1:8080/
//                                                    and the catalogue rendered on the server at /ssr.html
//
// The React and Vue examples' tests serve their `vite build` output through it too.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'application/json',
};

/** The policy of issue 8, plus the one image origin of the service's media (product images live there). */
export function strictCsp(imageOrigins = []) {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "require-trusted-types-for 'script'",
    `img-src 'self' ${imageOrigins.join(' ')}`.trim(),
  ].join('; ');
}

/**
 * Starts the sandbox (unless `serviceEnv` names a service), the BFF and a
 * static server. `mounts` maps URL prefixes to directories; `/` gets
 * `index.html`. Resolves to `{ url, serviceUrl, close() }`.
 */
export async function startExampleServer({
  port = 8080,
  host = '127.0.0.1',
  mounts = { '/dist/': join(repo, 'dist'), '/': fileURLToPath(new URL('.', import.meta.url)) },
  csp = true,
  extraCsp = '',
  serviceEnv = process.env,
  ssr = {},
} = {}) {
  const { startSandbox, DEFAULT_CREDENTIALS } = await import('../../dist/sandbox/index.js');
  const { bffConfigFromEnv, createBff, toNodeListener } = await import('../../dist/bff/index.js');

  let sandbox;
  let env = serviceEnv;
  if (!env.SERVICE_BASE_URL) {
    sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
    env = {
      SERVICE_BASE_URL: sandbox.url,
      SERVICE_APP_ID: String(DEFAULT_CREDENTIALS.appId),
      SERVICE_APP_SECRET: DEFAULT_CREDENTIALS.appSecret,
      SERVICE_TOKEN: DEFAULT_CREDENTIALS.token,
    };
  }
  const config = bffConfigFromEnv(env);
  const bff = createBff(config);
  const api = toNodeListener(bff);
  const ssrPage = await serverRenderedPage(bff, ssr);
  const policy = [strictCsp([new URL(config.serviceBaseUrl).origin]), extraCsp].filter(Boolean).join('; ');
  const prefixes = Object.keys(mounts).sort((a, b) => b.length - a.length);

  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    if (path === '/api' || path.startsWith('/api/')) return void api(req, res);
    const rendered = ssrPage(path, `http://${req.headers.host}${path}`);
    if (rendered) {
      return void rendered.then(
        ({ type, body }) => {
          const html = type.startsWith('text/html');
          // The stylesheets are linked from every card's shadow root: cached, they are fetched once.
          const headers = { 'content-type': type, 'cache-control': html ? 'no-store' : 'max-age=300', vary: 'accept-encoding' };
          if (csp && html) headers['content-security-policy'] = policy;
          const encoder = encoderFor(req, type);
          if (encoder) headers['content-encoding'] = encoder[0];
          res.writeHead(200, headers);
          if (!encoder) return void res.end(body);
          const stream = encoder[1]();
          stream.pipe(res);
          stream.end(body);
        },
        (e) => {
          res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          res.end(String(e));
        },
      );
    }
    const prefix = prefixes.find((p) => path.startsWith(p));
    if (!prefix || (req.method !== 'GET' && req.method !== 'HEAD')) return notFound(res);
    const root = resolve(mounts[prefix]);
    let file = normalize(join(root, path.slice(prefix.length)));
    if (file !== root && !file.startsWith(root + sep)) return notFound(res);
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return notFound(res);
    const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store', vary: 'accept-encoding' };
    if (csp && extname(file) === '.html') headers['content-security-policy'] = policy;
    const encoder = encoderFor(req, headers['content-type']);
    if (encoder) headers['content-encoding'] = encoder[0];
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return void res.end();
    const body = createReadStream(file);
    (encoder ? body.pipe(encoder[1]()) : body).pipe(res);
  });
  server.keepAliveTimeout = 1000;
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, ok);
  });
  const url = `http://${host}:${server.address().port}/`;
  return {
    url,
    serviceUrl: config.serviceBaseUrl,
    policy,
    async close() {
      server.closeAllConnections();
      await new Promise((ok) => server.close(() => ok()));
      await sandbox?.close();
    },
  };
}

const COMPRESSIBLE = /^(text\/|application\/json|image\/svg)/;

/** Compressed as a real host serves it (brotli, else gzip), so that load figures are not for raw bytes. */
function encoderFor(req, type) {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (!COMPRESSIBLE.test(type)) return undefined;
  if (/\bbr\b/.test(accepted)) return ['br', () => createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })];
  return /\bgzip\b/.test(accepted) ? ['gzip', () => createGzip()] : undefined;
}

/**
 * `/ssr.html`: ssr.html with the catalogue rendered by `tote-checkout/ssr` (the BFF asked in process), and the
 * stylesheets its shadow roots link under `/tote-ssr/`. `ssr` is passed on to `renderCatalog` (a test gives a `page`).
 */
async function serverRenderedPage(bff, ssr) {
  const { renderCatalog, renderMiniCart, ssrHead, ssrStylesheets, DEFAULT_STYLES_BASE } = await import('../../dist/ssr/index.js');
  const template = readFileSync(fileURLToPath(new URL('./ssr.html', import.meta.url)), 'utf8');
  const stylesheets = ssrStylesheets();
  // The mini cart drawn by the server too (an empty cart, the same for every page): the header has its height on the
  // first paint, and nothing below it moves when Tote's script comes.
  const header = `<header><strong>My shop</strong>${await renderMiniCart()}</header>`;
  return (path, pageUrl) => {
    if (path.startsWith(DEFAULT_STYLES_BASE) && stylesheets[path.slice(DEFAULT_STYLES_BASE.length)] !== undefined) {
      return Promise.resolve({ type: 'text/css; charset=utf-8', body: stylesheets[path.slice(DEFAULT_STYLES_BASE.length)] });
    }
    if (path !== '/ssr.html') return undefined;
    return renderCatalog({ bff, endpoint: '/api', pageSize: 12, pageUrl, ...ssr, content: (grid) => `${header}<main><h1>Products</h1>${grid}</main>` }).then(
      (catalog) => ({
        type: 'text/html; charset=utf-8',
        // Functions, not strings: a price's `$` must not read as a replacement pattern.
        body: template.replace(/<!-- tote:head[\s\S]*?-->/, () => ssrHead()).replace(/<!-- tote:catalog[\s\S]*?-->/, () => catalog),
      }),
    );
  };
}

function notFound(res) {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('Not found');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const example = await startExampleServer({ port: Number(process.env.PORT ?? 8080) });
  console.log(`Tote script-tag example: ${example.url}  (service: ${example.serviceUrl})`);
  const stop = () => example.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
