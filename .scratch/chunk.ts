import { bytesPerSource } from '../bench/size.js';
const f = process.argv[2]!;
const m = [...bytesPerSource(f)].sort((a, b) => b[1] - a[1]);
console.log(m.map(([k, v]) => `${v}\t${k}`).join('\n'));
