// Finds a redis-server for the tests that need a real Redis, the way
// find-chrome.mjs finds Chromium: REDIS_SERVER_PATH, then Debian's
// /usr/bin/redis-server, then any redis-server on PATH; with none of them,
// installs Debian's redis-server with apt-get (as root) and says so.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { delimiter, join } from 'node:path';

const DEBIAN_REDIS = '/usr/bin/redis-server';

function onPath() {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'redis-server');
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

export function findRedis() {
  if (process.env.REDIS_SERVER_PATH && existsSync(process.env.REDIS_SERVER_PATH)) return process.env.REDIS_SERVER_PATH;
  if (existsSync(DEBIAN_REDIS)) return DEBIAN_REDIS;
  return onPath();
}

export function ensureRedis() {
  const found = findRedis();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) throw new Error('tote: no redis-server found; install it (Debian: apt-get install redis-server) or set REDIS_SERVER_PATH');
  console.log('tote: no redis-server found; installing Debian redis-server with apt-get');
  execSync('apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y redis-server', { stdio: 'inherit' });
  const installed = findRedis();
  if (!installed) throw new Error('tote: could not find or install redis-server; set REDIS_SERVER_PATH');
  return installed;
}
