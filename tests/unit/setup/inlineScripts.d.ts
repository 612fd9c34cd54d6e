// The compiled inline scripts vitest.config.ts provides to the tests (inject("inlineScripts")).
import "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    inlineScripts: { abFlags: string; bundleLoader: string };
  }
}
