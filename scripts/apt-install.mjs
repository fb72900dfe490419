// Installs Debian packages for a browser engine the tests need, saying so
// first. Only as root (CI, containers); elsewhere it tells the user what to run.
import { execSync } from 'node:child_process';

export function aptInstall(packages, why) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const command = `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${packages.join(' ')}`;
  if (!isRoot) throw new Error(`tote: ${why}; install it with: sudo ${command.replace('&& ', '&& sudo ')}`);
  console.log(`tote: ${why}; installing ${packages.join(', ')} with apt-get`);
  execSync(command, { stdio: 'inherit' });
}
