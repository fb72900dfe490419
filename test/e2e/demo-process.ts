// Starts `npm start`'s server as a user would (its own process, a free port)
// and waits until what it prints yields what the test needs.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * `read` looks at everything printed so far and returns what it needs once it
 * is all there. Environment variables in `unset` are removed so the demo runs
 * on its own sandbox and defaults; those in `set` are added (test hooks).
 */
export async function spawnDemo<T>(
  read: (printed: string) => T | undefined,
  unset: readonly string[] = [],
  set: Record<string, string> = {},
): Promise<{ child: ChildProcess } & T> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...set, PORT: String(await freePort()) };
  for (const name of unset) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = read(out);
    if (found) return { child, ...found };
    if (child.exitCode !== null) throw new Error(`demo server exited:\n${out}`);
    if (Date.now() > deadline) {
      // Not left running: a test whose `before` failed has no handle to stop it, and its process would never end.
      child.kill('SIGTERM');
      throw new Error(`demo server did not print what the test needs:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
