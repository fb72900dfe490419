// `npm run lint:deps`: dependency-cruiser over src/ with .dependency-cruiser.cjs (the layer rules).
// dependency-cruiser reads TypeScript through the `typescript` package's JS API, which TypeScript 7
// (our `tsc`, the native compiler) no longer ships. The custom-elements manifest analyzer, a dev
// dependency already, brings its own TypeScript 5, and dependency-cruiser alone is handed that copy
// through a resolve hook; the rest of the project keeps TypeScript 7. (A second top-level
// TypeScript would take over the `tsc` command.) Arguments are dependency-cruiser's own.
import Module, { createRequire, register } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const FROM_CRUISER = '/node_modules/dependency-cruiser/';
const analyzer = createRequire(createRequire(import.meta.url).resolve('@custom-elements-manifest/analyzer/package.json'));
const ts5 = dirname(analyzer.resolve('typescript/package.json'));
const swap = (specifier) => (specifier === 'typescript' || specifier.startsWith('typescript/') ? ts5 + specifier.slice(10) : specifier);

// CommonJS: dependency-cruiser reads the version with require('typescript/package.json').
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  return resolveFilename.call(this, parent?.filename?.includes(FROM_CRUISER) ? swap(request) : request, parent, ...rest);
};
// ES modules: it loads the compiler with import('typescript').
const main = pathToFileURL(analyzer.resolve('typescript')).href;
register(
  'data:text/javascript,' +
    encodeURIComponent(`
      export function resolve(specifier, context, next) {
        if (specifier === 'typescript' && context.parentURL?.includes(${JSON.stringify(FROM_CRUISER)})) return next(${JSON.stringify(main)}, context);
        return next(specifier, context);
      }`),
);

const bin = fileURLToPath(new URL('../node_modules/dependency-cruiser/bin/dependency-cruise.mjs', import.meta.url));
process.argv = [process.argv[0], bin, ...process.argv.slice(2)];
await import(pathToFileURL(bin).href);
