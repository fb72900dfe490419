/** Types of webdriver.mjs for TypeScript callers (e2e tests). */
export type PointerStep = Record<string, unknown>;
export declare function pressActions(key: string): { type: string; value: string }[];
export declare class WebDriverSession {
  static startWebKit(): Promise<WebDriverSession>;
  command(method: string, path: string, body?: unknown): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
  url(): Promise<string>;
  execute(script: string, args?: unknown[]): Promise<unknown>;
  executeAsync(script: string, args?: unknown[]): Promise<unknown>;
  press(key: string): Promise<void>;
  type(text: string): Promise<void>;
  mouse(steps: PointerStep[]): Promise<void>;
  click(x: number, y: number, button?: number): Promise<void>;
  releaseInput(): Promise<void>;
  close(): Promise<void>;
}
