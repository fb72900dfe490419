/** Types of find-firefox.mjs for TypeScript callers (e2e tests). */
export declare function findFirefox(): string | undefined;
export declare function ensureFirefox(): string;
export declare const firefoxPrefs: Record<string, boolean | number | string>;
