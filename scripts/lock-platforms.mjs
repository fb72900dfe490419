// Adds lock entries for other platforms' optional binaries that this
// machine's registry does not serve (it carries only linux-x64/arm64 builds
// of e.g. rollup). npm install leaves them out of package-lock.json, and
// `npm ci` then refuses the lock as out of sync. Entries carry os/cpu/libc,
// so npm ci skips them here as it would on any other platform.
// Run after every `npm install`: `node scripts/lock-platforms.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'sunos', 'aix', 'netbsd'];
const CPU = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el', 'wasm32'];

function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const os = tokens.find((t) => OS.includes(t));
  const cpu = tokens.find((t) => CPU.includes(t));
  if (!os || !cpu) return undefined;
  const libc = tokens.some((t) => t.startsWith('musl')) ? 'musl' : os === 'linux' && tokens.some((t) => t.startsWith('gnu')) ? 'glibc' : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

const file = 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [path, pkg] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(pkg.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/` : 'node_modules/';
    if (packages[`${base}${dep}`] || packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    const version = /^\d+\.\d+\.\d+/.test(range) ? range : undefined;
    if (!platform || !version) continue;
    packages[`node_modules/${dep}`] = { version, ...platform, dev: pkg.dev || undefined, optional: true };
    added++;
  }
}
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`lock-platforms: ${added} entries added`);
