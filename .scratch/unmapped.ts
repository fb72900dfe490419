import { readFileSync } from 'node:fs';
import { decodeMappings } from '../bench/size.js';
const f = process.argv[2]!;
const code = readFileSync(f, 'utf8'); const map = JSON.parse(readFileSync(f + '.map', 'utf8'));
const lines = code.split('\n');
decodeMappings(map.mappings).forEach((segs, i) => {
  const t = lines[i] ?? '';
  segs.forEach(([c, s], j) => { const e = segs[j + 1]?.[0] ?? t.length; if (s < 0 && e - c > 30) console.log(e - c, JSON.stringify(t.slice(c, Math.min(e, c + 150)))); });
});
