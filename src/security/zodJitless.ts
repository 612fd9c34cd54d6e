/** Keeps zod from generating code in the browser, where the strict script-src forbids eval. */

type ZodGlobal = typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };

/**
 * Zod 4 probes `new Function("")` before its first object parse to decide whether to compile fast
 * parsers; under a policy without 'unsafe-eval' the probe fails quietly but the browser still
 * reports a violation. Zod reads this shared settings object on load and on every parse, so
 * setting it before any form or job data is parsed turns the probe off.
 */
export function disableZodCodegen(target: ZodGlobal = globalThis): void {
  target.__zod_globalConfig = { ...target.__zod_globalConfig, jitless: true };
}
