/**
 * Issue 15, items 8 and 9 — clients that send too slowly, and too much.
 * Driven through the Node adapter as an attacker would: a raw socket that
 * trickles its request, and Node's own fetch posting 5 MB.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { startBff, startFakeUpstream, SHOP } from './harness.js';

let upstream: Awaited<ReturnType<typeof startFakeUpstream>>;
let bff: Awaited<ReturnType<typeof startBff>>;

before(async () => {
  upstream = await startFakeUpstream({});
  bff = await startBff(upstream.url, { requestTimeoutMs: 400 });
});
after(async () => {
  await bff.close();
  await upstream.close();
});

/**
 * Opens a socket, writes `parts` (a number waits that many ms before the
 * next string), and collects everything until the server closes it.
 */
function rawExchange(base: string, parts: (string | number)[], budgetMs = 10_000): Promise<{ text: string; closed: 'end' | 'error' }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    let stopped = false;
    // A wait between parts ends with the exchange: a pending 60 s wait kept the process alive a minute after its tests.
    let pause: ReturnType<typeof setTimeout> | undefined;
    const budget = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open; got: ${text.slice(0, 200)}`));
    }, budgetMs);
    const done = (closed: 'end' | 'error') => {
      stopped = true;
      clearTimeout(budget);
      clearTimeout(pause);
      resolve({ text, closed });
    };
    socket.on('data', (d) => (text += d.toString('utf8')));
    socket.on('end', () => done('end'));
    socket.on('error', () => done('error'));
    socket.on('connect', async () => {
      for (const part of parts) {
        if (stopped) return;
        if (typeof part === 'number') await new Promise((r) => (pause = setTimeout(r, part)));
        else if (!socket.destroyed) socket.write(part);
      }
    });
  });
}

const head = (path: string, length: number) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('15.8 — slow requests are bounded in seconds, answered 408', () => {
  it('a body that stops arriving', async () => {
    const { text } = await rawExchange(bff.base, [head('/api/checkout/quote', 200), '{"lines":[', 60_000]);
    assert.match(text, /^HTTP\/1\.1 408 /);
    assert.match(text, /"code":"request_timeout"/);
  });

  it('a body trickled one byte at a time (each byte in time, the whole too slow)', async () => {
    const body = '{"lines":[{"sku_id":10010,"quantity":1}]}';
    const trickle = [...body].flatMap((c) => [c, 50]);
    const { text } = await rawExchange(bff.base, [head('/api/checkout/quote', body.length), ...trickle]);
    assert.match(text, /^HTTP\/1\.1 408 /);
  });

  it('headers that never end', async () => {
    const { text } = await rawExchange(bff.base, ['GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n', 100, 'X-A: 1\r\n', 60_000]);
    assert.match(text, /^HTTP\/1\.1 408 /);
  });

  it('a webhook delivery that stalls', async () => {
    const { text } = await rawExchange(bff.base, [head('/api/webhooks', 500), '{"id":', 60_000]);
    assert.match(text, /^HTTP\/1\.1 408 /);
  });

  it('the server still serves after all of that', async () => {
    const res = await bff.api('/api/health');
    assert.equal(res.status, 200);
  });
});

/**
 * Uploads `size` bytes as a careful client does (each write waits for the
 * last to drain) and reads the answer after; reports the upload's fate.
 */
function rawUpload(base: string, path: string, size: number, chunked = false): Promise<{ text: string; uploadError?: string; sent: number }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    let uploadError: string | undefined;
    let sent = 0;
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('error', (e) => (uploadError ??= (e as NodeJS.ErrnoException).code ?? e.message));
    socket.on('close', () => resolve({ text, uploadError, sent }));
    const write = (data: string | Uint8Array) => new Promise<boolean>((r) => socket.write(data, (err) => r(!err)));
    socket.on('connect', async () => {
      const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`;
      await write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`);
      const piece = new Uint8Array(64 * 1024).fill(0x20);
      for (; sent < size && !socket.destroyed; sent += piece.length) {
        const ok = chunked ? await write(`${piece.length.toString(16)}\r\n`).then(() => write(piece)).then(() => write('\r\n')) : await write(piece);
        if (!ok) return;
      }
      if (chunked && !socket.destroyed) await write('0\r\n\r\n');
      socket.end();
    });
  });
}

describe('15.9 — a refused upload still gets its answer', () => {
  // Its own BFF: a 5 MB upload on a busy machine may take longer than the 408 cases' 400 ms bound.
  let bff: Awaited<ReturnType<typeof startBff>>;
  before(async () => {
    bff = await startBff(upstream.url, { requestTimeoutMs: 30_000 });
  });
  after(() => bff.close());

  it('a 24 MB upload is answered 413 while it is still being sent, and not read any further (issue 25.8)', async () => {
    for (const [path, chunked] of [['/api/checkout/quote', false], ['/api/checkout/quote', true], ['/api/webhooks', false], ['/api/webhooks', true]] as const) {
      const { text, sent } = await rawUpload(bff.base, path, 24 * 1024 * 1024, chunked);
      assert.match(text, /^HTTP\/1\.1 413 /, `${path} chunked=${chunked}`);
      assert.match(text, /"code":"payload_too_large"/);
      assert.match(text, /connection: close/i);
      // Before: the rest was read and dropped up to 10 MiB. Now the server stops at the limit; only socket buffers took more.
      assert.ok(sent < 10 * 1024 * 1024, `${path} chunked=${chunked}: the server took ${sent} bytes of a refused body`);
    }
  });

  it('a body declared too large is refused before a byte of it is sent', async () => {
    const { hostname, port } = new URL(bff.base);
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.on('data', (d) => (text += d.toString('latin1')));
    const closed = new Promise<void>((r) => socket.on('close', () => r()));
    socket.on('error', () => {});
    socket.write(`POST /api/checkout/quote HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`);
    await closed;
    assert.match(text, /^HTTP\/1\.1 413 /);
  });

  const fiveMb = () => new Uint8Array(5 * 1024 * 1024).fill(0x20);

  it('a 5 MB POST from Node’s fetch reads 413, not a reset (declared length)', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${bff.base}/api/checkout/quote`, { method: 'POST', headers: { 'content-type': 'application/json', origin: SHOP }, body: fiveMb() });
      assert.equal(res.status, 413);
      assert.equal((await res.json()).error.code, 'payload_too_large');
    }
  });

  it('a 5 MB chunked POST (no length), still uploading when the 413 is sent, reads 413 too', async () => {
    for (const path of ['/api/checkout/quote', '/api/webhooks', '/api/checkout/quote', '/api/webhooks', '/api/checkout/quote']) {
      const data = fiveMb();
      let at = 0;
      // Pulled a chunk at a time, as a real upload is: the refusal arrives long before the last byte leaves.
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          await new Promise((r) => setTimeout(r, 2));
          if (at >= data.length) return controller.close();
          controller.enqueue(data.subarray(at, (at += 64 * 1024)));
        },
      });
      const res = await fetch(`${bff.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
      assert.equal(res.status, 413, path);
      assert.equal((await res.json()).error.code, 'payload_too_large');
    }
  });

  it('a 5 MB webhook reads 413', async () => {
    const res = await fetch(`${bff.base}/api/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-service-hmac': 'AAAA' }, body: fiveMb() });
    assert.equal(res.status, 413);
  });

  it('past the discard bound the connection is closed, and the server lives on', async () => {
    const small = await startBff(upstream.url, { maxUnreadBodyBytes: 256 * 1024 });
    try {
      await fetch(`${small.base}/api/checkout/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: fiveMb() }).then(
        (r) => r.arrayBuffer(),
        () => undefined,
      );
      assert.equal((await small.api('/api/health')).status, 200);
    } finally {
      await small.close();
    }
  });
});
