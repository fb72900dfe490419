import { realpathSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// `tote-checkout` comes through `file:../..`, a link to the repository: the bundler's root must hold the
// repository and the node_modules its files import from (where they really are), or Turbopack will not follow
// the link. An app that installs the package from the registry needs none of this.
const repository = fileURLToPath(new URL('../..', import.meta.url));
const modules = dirname(realpathSync(join(repository, 'node_modules')));
const parts = (p) => p.split(sep).filter(Boolean);
const common = parts(repository).filter((part, i, all) => all.slice(0, i + 1).join(sep) === parts(modules).slice(0, i + 1).join(sep));
const root = sep + common.join(sep);

/** @type {import('next').NextConfig} */
export default {
  turbopack: { root },
  outputFileTracingRoot: root,
};
