import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, it } from 'node:test';

describe('npm run sandbox', () => {
  it('listens where --port says, prints its URL and credentials, and takes credentials from the environment', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0'], {
      env: { ...process.env, SANDBOX_APP_ID: '4242', SANDBOX_APP_SECRET: 'shh', SANDBOX_TOKEN: 'tok-from-env' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      child.stdout.setEncoding('utf8');
      for await (const chunk of child.stdout) {
        out += chunk;
        if (out.includes('X-Service-Token')) break;
      }
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      assert.ok(url, out);
      assert.match(out, /X-Service-App-Id:\s+4242/);
      assert.match(out, /X-Service-Token:\s+tok-from-env/);
      const headers = { 'x-service-app-id': '4242', 'x-service-app-secret': 'shh', 'x-service-token': 'tok-from-env' };
      assert.equal((await fetch(`${url}/v1/catalog/offers/merchants/1001?size=1`, { headers })).status, 200);
      assert.equal((await fetch(`${url}/v1/catalog/offers/merchants/1001?size=1`, { headers: { ...headers, 'x-service-app-id': '10001' } })).status, 401);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});
