export interface ExampleServer {
  url: string;
  serviceUrl: string;
  /** The Content-Security-Policy header sent with HTML pages. */
  policy: string;
  close(): Promise<void>;
}
export function strictCsp(imageOrigins?: string[]): string;
export function startExampleServer(options?: {
  port?: number;
  host?: string;
  /** URL prefix → directory. */
  mounts?: Record<string, string>;
  csp?: boolean;
  /** Directives appended to the policy, e.g. `trusted-types tote lit-html`. */
  extraCsp?: string;
  serviceEnv?: Record<string, string | undefined>;
  /** Options for `renderCatalog` on `/ssr.html` (e.g. `page`: the first page to render instead of the BFF's). */
  ssr?: Record<string, unknown>;
}): Promise<ExampleServer>;
