// Starts `npm start`'s server as a user would (its own process, on a port the system picks: `PORT=0`)
// and waits until what it prints yields what the test needs.
import { spawn, type ChildProcess } from 'node:child_process';

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
  // Port 0, read back from what the server prints: a port found free and handed over could be taken in between by
  // one of the many servers a CI run starts at once ("Port … is already in use", seen under load).
  const env: NodeJS.ProcessEnv = { ...process.env, ...set, PORT: '0' };
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
