// `npm run docs:events` (also run by `npm run build`): writes, from the events registry
// (src/events/registry.ts), the React wrappers' event props (src/react/event-props.ts) and the table of
// docs/events.md (between its two `events-table` markers; the prose around it is kept).
// test/ship/events.test.ts compares both files with what this writes.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { nativeEvents, renders, toteEvents } from '../src/events/registry.js';

export interface Registry {
  toteEvents: Record<string, { from: readonly string[]; cancelable?: boolean; when: string }>;
  nativeEvents: Record<string, Record<string, { bubbles: boolean; composed: boolean; when: string }>>;
  renders: Record<string, readonly string[]>;
}

export const REGISTRY_FILE = 'src/events/registry.ts';
export const REACT_FILE = 'src/react/event-props.ts';
export const DOCS_FILE = 'docs/events.md';
export const DOCS_START = '<!-- events-table: written by `npm run docs:events` from src/events/registry.ts -->';
export const DOCS_END = '<!-- /events-table -->';
/** The element every page's Tote elements sit in: each `tote-*` event bubbles through it. */
const PROVIDER = 'tote-provider';

export const registry: Registry = { toteEvents, nativeEvents, renders };

/** `tote-cart-add` → `onToteCartAdd`, `change` → `onChange`: the names src/react has always used. */
export const propName = (event: string) => 'on' + event.replace(/(^|-)([a-z])/g, (_, _dash, c: string) => c.toUpperCase());

/** The element and those it renders, however deep. */
function rendered(tag: string, reg: Registry, seen = new Set<string>()): Set<string> {
  if (seen.has(tag)) return seen;
  seen.add(tag);
  for (const inner of reg.renders[tag] ?? []) rendered(inner, reg, seen);
  return seen;
}

/** The events heard on an element: its own and, for `tote-*` events (composed), those of the elements it renders. */
export function eventsHeardOn(tag: string, reg: Registry): string[] {
  const inside = rendered(tag, reg);
  const tote = Object.entries(reg.toteEvents)
    .filter(([, spec]) => tag === PROVIDER || spec.from.some((from) => inside.has(from)))
    .map(([name]) => name);
  return [...tote, ...Object.keys(reg.nativeEvents[tag] ?? {})];
}

/** Every element that dispatches or hears an event, in name order. */
export function tagsWithEvents(reg: Registry): string[] {
  const tags = new Set([PROVIDER, ...Object.values(reg.toteEvents).flatMap((s) => s.from), ...Object.keys(reg.nativeEvents), ...Object.keys(reg.renders)]);
  return [...tags].sort();
}

export function reactEventProps(reg: Registry): string {
  const entries = tagsWithEvents(reg).map((tag) => {
    const props = eventsHeardOn(tag, reg).map((name) => `    ${propName(name)}: ${name in reg.toteEvents ? `on('${name}')` : `'${name}'`},`);
    return `  '${tag}': {\n${props.join('\n')}\n  },`;
  });
  return `// Written by \`npm run docs:events\` (scripts/events.ts) from src/events/registry.ts: change the registry, not this file.
import type { EventName } from '@lit/react';
import type { ToteEventMap } from '../events/registry.js';

/** The typed name of a Tote event, for \`@lit/react\`'s \`events\` map. */
const on = <K extends keyof ToteEventMap>(name: K) => name as EventName<ToteEventMap[K]>;

/**
 * Each element's React event props: the events it dispatches, the composed ones of the elements it renders,
 * and at \`<tote-provider>\` every \`tote-*\` event.
 */
export const eventProps = {
${entries.join('\n')}
};
`;
}

/**
 * The TypeScript text of each event's `detail` type, read from the registry's source (types are gone at run
 * time): each entry opens with `detail: {} as <type>,` and goes on with `from:` on the next line.
 */
export function detailTypes(source: string): Map<string, string> {
  const types = new Map<string, string>();
  for (const [, name, type] of source.matchAll(/'(tote-[a-z-]+)': \{\s*detail: \{\} as ([\s\S]*?),\n\s*from:/g)) {
    const text = type!.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ').replace(/; \}/g, ' }');
    types.set(name!, text);
  }
  return types;
}

const cell = (text: string) => text.replace(/\|/g, '\\|');
const code = (text: string) => `\`${cell(text)}\``;

/** `tote-variant-picker` (also inside `tote-offer-card`, `tote-offer-grid`): where else an event is heard. */
function firedBy(from: readonly string[], reg: Registry): string {
  const outer = Object.keys(reg.renders).filter((tag) => !from.includes(tag) && from.some((f) => rendered(tag, reg).has(f)));
  return from.map(code).join(', ') + (outer.length ? ` (also inside ${outer.map(code).join(', ')})` : '');
}

export function eventsTable(reg: Registry, types: Map<string, string>): string {
  const rows = Object.entries(reg.toteEvents).map(([name, spec]) => {
    const detail = types.get(name);
    if (!detail) throw new Error(`${REGISTRY_FILE}: no \`detail: {} as …\` for ${name}`);
    return `| ${code(name)} | ${firedBy(spec.from, reg)} | ${spec.cancelable ? '**yes**' : 'no'} | yes | ${code(detail)} | ${cell(spec.when)} |`;
  });
  const native = Object.entries(reg.nativeEvents).flatMap(([tag, events]) =>
    Object.entries(events).map(([name, spec]) => `| ${code(name)} | ${code(tag)} | no | ${spec.composed ? 'yes' : 'no'} | — (\`Event\`) | ${cell(spec.when)} |`),
  );
  return ['| event | fired by | cancelable | composed | `detail` | when |', '|---|---|---|---|---|---|', ...rows, ...native].join('\n');
}

/** docs/events.md with its table rewritten; everything outside the markers is kept as it is. */
export function eventsDoc(doc: string, table: string): string {
  const start = doc.indexOf(DOCS_START);
  const end = doc.indexOf(DOCS_END);
  if (start < 0 || end < start) throw new Error(`${DOCS_FILE}: the markers ${DOCS_START} … ${DOCS_END} are missing`);
  return `${doc.slice(0, start + DOCS_START.length)}\n${table}\n${doc.slice(end)}`;
}

/** What `npm run docs:events` writes: path → text. */
export function generatedEventFiles(read = (path: string) => readFileSync(path, 'utf8'), reg = registry): Record<string, string> {
  return {
    [REACT_FILE]: reactEventProps(reg),
    [DOCS_FILE]: eventsDoc(read(DOCS_FILE), eventsTable(reg, detailTypes(read(REGISTRY_FILE)))),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [path, text] of Object.entries(generatedEventFiles())) {
    if (existsSync(path) && readFileSync(path, 'utf8') === text) continue;
    writeFileSync(path, text);
    console.log(`docs:events: wrote ${path}`);
  }
}
