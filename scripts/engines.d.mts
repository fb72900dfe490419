/** Types of engines.mjs for TypeScript callers (e2e tests). */
export type Engine = 'chromium' | 'firefox' | 'webkit';
export declare const ENGINES: Engine[];
export declare function requestedEngines(value?: string): Engine[];
export declare function ensureEngine(engine: Engine): string;
