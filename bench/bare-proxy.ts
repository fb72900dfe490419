/**
 * The baseline the BFF is judged against (issue 30): a bare keep-alive pass-through in front of the same
 * sandbox, with none of the BFF's checks. With `cache`, GET answers are kept by URL and served again
 * from memory: the cheapest cache hit a proxy can give, for the cached-offers comparison.
 */
import { Agent, createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';

export function bareProxy(target: string, { cache = false } = {}): Server {
  const { hostname, port } = new URL(target);
  // Node's agent drops a kept-alive socket `agentKeepAliveTimeoutBuffer` (1 s by default) before the server's
  // `Keep-Alive: timeout` hint runs out; the sandbox's hint is 1 s, so every request opened a new connection
  // (1,000 connects for 1,000 requests, counted with strace) and the baseline paid a TCP handshake the BFF's
  // pool does not. The same 100 ms margin as the BFF's own pool (src/bff/upstream-pool.ts) keeps them.
  const agent = new Agent({ keepAlive: true, maxSockets: 64, agentKeepAliveTimeoutBuffer: 100 });
  const hits = new Map<string, { status: number; headers: IncomingHttpHeaders; body: Buffer }>();
  return createServer((req, res) => {
    const hit = cache && req.method === 'GET' ? hits.get(req.url!) : undefined;
    if (hit) return void res.writeHead(hit.status, hit.headers).end(hit.body);
    const upstream = request({ hostname, port, path: req.url, method: req.method, headers: req.headers, agent }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        if (cache && req.method === 'GET' && answer.statusCode === 200) hits.set(req.url!, { status: 200, headers: answer.headers, body });
        res.writeHead(answer.statusCode ?? 502, answer.headers).end(body);
      });
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
}
