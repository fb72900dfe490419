// Which journeys a run holds, and in which engines (docs/testing.md).
//
// A journey walks a shopper's, operator's or host page's whole path in a real
// browser. It runs in every engine where the engine is what it tests (layout at a
// phone's width, scrolling, focus, a driver's events) and in one engine where the
// engine adds nothing (the same BFF and sandbox answers asserted three times).
//
// TOTE_JOURNEYS picks the set (scripts/test.mjs sets it):
//   pyramid  `npm test`: only the journeys marked `pyramid`, one per engine
//   all      `npm run test:journeys`: the full matrix (also the default when a file runs on its own)
//   rest     CI after `npm test`: the full matrix less what `npm test` ran, so nothing runs twice
import { requestedEngines, type Engine } from '../scripts/engines.mjs';

export type JourneySet = 'pyramid' | 'all' | 'rest';

export function journeySet(value = process.env.TOTE_JOURNEYS): JourneySet {
  if (!value) return 'all';
  if (value === 'pyramid' || value === 'all' || value === 'rest') return value;
  throw new Error(`TOTE_JOURNEYS: unknown set ${value} (pyramid, all, rest)`);
}

export interface Reach {
  /** `every`: each requested engine (TOTE_BROWSERS); `one`: the first of them only. */
  engines: 'every' | 'one';
  /** Kept by `npm test`: the pyramid's top, one journey per engine. */
  pyramid?: boolean;
}

/** The engines a journey (usually one `describe` per engine) runs in this run; none when the set leaves it out. */
export function journeyEngines(reach: Reach, set = journeySet()): Engine[] {
  if (set === 'pyramid' && !reach.pyramid) return [];
  if (set === 'rest' && reach.pyramid) return [];
  const all = requestedEngines();
  return reach.engines === 'every' ? all : all.slice(0, 1);
}

/** Whether a journey with `reach` runs in `engine` in this run (for one case inside an engine's describe). */
export function journeyRuns(reach: Reach, engine: Engine, set = journeySet()): boolean {
  return journeyEngines(reach, set).includes(engine);
}

/** The engines any of `reaches` runs in this run: where a describe per engine holds cases of several reaches. */
export function journeyEnginesOfAny(reaches: Reach[], set = journeySet()): Engine[] {
  const wanted = new Set(reaches.flatMap((r) => journeyEngines(r, set)));
  return requestedEngines().filter((e) => wanted.has(e));
}

/**
 * For a list of cases that differ in their data, not in what the engine does (an address of each country: the BFF
 * formats it, the form asks for the same kinds of field): the engine the `index`th case runs in. The cases are dealt
 * round the requested engines in turn, so the list runs once and every engine walks some of it.
 */
export function dealtEngine(index: number): Engine {
  const all = requestedEngines();
  return all[index % all.length]!;
}
