/** Types of find-chrome.mjs for TypeScript callers (e2e tests, benchmarks). */
export declare function findChrome(): string | undefined;
export declare function findFullChrome(): string | undefined;
export declare function ensureChrome(): string;
export declare const chromiumFlags: string[];
