import { transform } from 'esbuild';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
const br = b => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
for (const f of process.argv.slice(2)) {
  const code = readFileSync(f, 'utf8');
  const r = await transform(code, { minify: true, format: 'esm', target: 'es2022' });
  console.log(f, code.length, br(Buffer.from(code)), '-> esbuild', r.code.length, br(Buffer.from(r.code)));
}
