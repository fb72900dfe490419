/** A figure measured several times: its median, min and max. */
export interface Figure {
  /** Stable key, used by the budgets and in results.json. */
  id: string;
  section: string;
  name: string;
  unit: string;
  median: number;
  min: number;
  max: number;
  runs: number;
}

export function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function figure(section: string, id: string, name: string, unit: string, samples: number[]): Figure {
  if (!samples.length) throw new Error(`no samples for ${id}`);
  return { id, section, name, unit, median: median(samples), min: Math.min(...samples), max: Math.max(...samples), runs: samples.length };
}

/**
 * A ratio of two figures measured in the same runs: median of the per-run
 * ratios, so that a slow moment of the machine slows both sides alike.
 */
export function ratio(section: string, id: string, name: string, top: number[], bottom: number[]): Figure {
  if (top.length !== bottom.length) throw new Error(`ratio ${id}: ${top.length} vs ${bottom.length} runs`);
  return figure(section, id, name, '×', top.map((t, i) => t / bottom[i]!));
}

export async function repeat<T>(times: number, fn: (run: number) => Promise<T> | T): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < times; i++) out.push(await fn(i));
  return out;
}

const fmt = (n: number) => {
  const a = Math.abs(n);
  if (a >= 1000) return Math.round(n).toLocaleString('en-US');
  if (a >= 100) return n.toFixed(0);
  if (a >= 10) return n.toFixed(1);
  if (a >= 0.01 || a === 0) return n.toFixed(2);
  return n.toPrecision(2);
};

/** One table, a heading row per section. */
export function table(figures: Figure[]): string {
  const head = ['figure', 'median', 'min', 'max', 'runs'];
  const rows = figures.map((f) => [f.name, `${fmt(f.median)} ${f.unit}`, fmt(f.min), fmt(f.max), String(f.runs)]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const out = [line(head), widths.map((w) => '-'.repeat(w)).join('  ')];
  let section = '';
  figures.forEach((f, i) => {
    if (f.section !== section) {
      section = f.section;
      out.push(`[${section}]`);
    }
    out.push(line(rows[i]!));
  });
  return out.join('\n');
}

/** The same table as Markdown, for docs/benchmarks.md. */
export function markdownTable(figures: Figure[]): string {
  const out = ['| figure | median | min | max | runs |', '|---|---:|---:|---:|---:|'];
  let section = '';
  for (const f of figures) {
    if (f.section !== section) {
      section = f.section;
      out.push(`| **${section}** | | | | |`);
    }
    out.push(`| ${f.name} | ${fmt(f.median)} ${f.unit} | ${fmt(f.min)} | ${fmt(f.max)} | ${f.runs} |`);
  }
  return out.join('\n');
}
