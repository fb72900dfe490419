/**
 * A pass-through between the BFF and the sandbox that knows how many service
 * requests the sandbox is still working on, those the BFF stopped waiting for
 * included. The service goes on with a request after its caller's deadline
 * (a direct order on a slow platform is created a moment after the BFF
 * answered "still placing"), and so does the sandbox. The model's clock moves
 * the BFF's time on by minutes in a moment of real time, so before it moves
 * (and before the shop's orders are read or the shop reset for the next run)
 * the model waits for the sandbox to finish: otherwise the BFF sees an order
 * created, in its time, long after its documented window
 * (`placeUnknownWindowMs`), and one run's late order lands in the next run's
 * shop, where no attempt owns it.
 */
import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { listen, stop } from '../hostile/harness.js';

export interface ServiceWatch {
  url: string;
  /** Requests the sandbox has not answered yet. */
  readonly working: number;
  /** Resolves once the sandbox has answered every request sent so far; rejects after `timeoutMs` without that. */
  idle(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Longer than any fault the model injects holds a request (a slow platform: 1.3 s a call). */
const IDLE_TIMEOUT_MS = 30_000;

/** A header of one connection, not of the request: each side of the pass-through keeps its own. */
const endToEnd = ({ connection: _connection, 'keep-alive': _keepAlive, ...headers }: IncomingHttpHeaders) => headers;

export async function watchService(target: string): Promise<ServiceWatch> {
  let working = 0;
  const waiters: (() => void)[] = [];
  // A connection per request: one the BFF dropped must not take the sandbox's answer with it, and a kept-alive
  // one may be closed by the sandbox (its `keepAliveTimeout`) just as a request goes out on it, a failure the
  // BFF would otherwise never meet.
  const agent = new Agent({ keepAlive: false });
  const server: Server = createServer((req, res) => {
    working++;
    let answered = false;
    const done = () => {
      if (answered) return;
      answered = true;
      if (--working === 0) for (const wake of waiters.splice(0)) wake();
    };
    const upstream = httpRequest(new URL(req.url ?? '/', target), { method: req.method, headers: endToEnd(req.headers), agent }, (answer) => {
      // The sandbox answers once its handler has finished (the order stored, or the refusal decided).
      done();
      if (res.destroyed) return void answer.resume();
      res.on('close', () => answer.resume());
      res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      answer.pipe(res);
    });
    // A connection the sandbox dropped (a platform's `fail_submit: "reset"`) is dropped on to the BFF too.
    upstream.on('error', () => {
      done();
      res.destroy();
    });
    // A request the BFF abandoned before its body was whole never reaches a handler.
    req.on('close', () => {
      if (!req.complete) {
        upstream.destroy();
        done();
      }
    });
    req.pipe(upstream);
  });
  const url = await listen(server);
  return {
    url,
    get working() {
      return working;
    },
    async idle(timeoutMs = IDLE_TIMEOUT_MS) {
      if (working === 0) return;
      let timer: NodeJS.Timeout | undefined;
      const woken = new Promise<void>((resolve) => waiters.push(resolve));
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the sandbox still works on ${working} request(s) after ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([woken, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await stop(server);
      agent.destroy();
    },
  };
}
