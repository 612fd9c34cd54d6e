// The part of jsdom's own API the tests use to open windows of their own (two origins side by side); the
// package ships no types and vitest's jsdom environment gives one window only.
declare module "jsdom" {
  export type JSDOMOptions = {
    url?: string;
    runScripts?: "dangerously" | "outside-only";
    beforeParse?: (window: Window & typeof globalThis) => void;
  };
  export class JSDOM {
    constructor(html?: string, options?: JSDOMOptions);
    readonly window: Window & typeof globalThis;
  }
}
