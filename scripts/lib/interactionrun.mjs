// The browser side of one interaction run of `npm run bench:interactions`: page presets, waiting for a quiet
// network and an idle main thread, and the one-line description of a run printed with --verbose.

/** Starts every page with each experiment at control (stable pages) and the article popup just offered. */
export function presets([flagsKey, flags, popupKey]) {
  try {
    globalThis.localStorage.setItem(flagsKey, flags);
    globalThis.localStorage.setItem(popupKey, String(Date.now()));
  } catch {
    // about:blank has no storage
  }
}

/**
 * Resolves once no request has been in flight for `quietMs` (at most `limitMs`). A request in flight for
 * more than 3 s stops counting: Chromium never reports the end of a keepalive fetch (the exposure call) to
 * Playwright.
 */
export function networkWatch(context) {
  const pending = new Map();
  let last = Date.now();
  const start = (request) => {
    pending.set(request, Date.now());
    last = Date.now();
  };
  const end = (request) => {
    pending.delete(request);
    last = Date.now();
  };
  context.on("request", start);
  context.on("requestfinished", end);
  context.on("requestfailed", end);
  const busy = () => [...pending.values()].some((since) => Date.now() - since < 3000);
  return async (quietMs, limitMs) => {
    const begun = Date.now();
    while (Date.now() - begun < limitMs && (busy() || Date.now() - last < quietMs))
      await new Promise((resolve) => setTimeout(resolve, 50));
  };
}

export const idle = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => globalThis.requestIdleCallback(() => resolve(), { timeout: 5000 })),
  );

/** One run as a line: INP and its attribution, the run's phases, the trace's figures and every interaction seen. */
export function describeRun(sample) {
  if (sample.error) return `failed: ${sample.error}`;
  const a = sample.attribution;
  const attribution = a
    ? ` (${a.type} on ${a.target}: input delay ${a.inputDelay}, processing ${a.processingDuration}, ` +
      `presentation ${a.presentationDelay}; script ${a.script}, style+layout ${a.styleAndLayout}, ` +
      `paint ${a.paint}; longest script ${a.longestScript ? `${a.longestScript.origin} ${a.longestScript.duration} ms` : "none"})`
    : "";
  const trace = sample.trace
    ? `; trace ${sample.trace.rows.map((r) => `${r.name} ${r.ms.toFixed(1)}`).join(", ")}, ` +
      `style recalc up to ${sample.trace.styleElements} elements`
    : "";
  const seen = sample.interactions.map((i) => `${i.type} ${i.duration}`).join(", ");
  return (
    `INP ${sample.inp ?? "–"} ms${attribution}; phases ${JSON.stringify(sample.phases)}${trace}` +
    `; interactions ${seen || "none over 16 ms"}`
  );
}

/** Resolves once React has hydrated the element (its fiber key is on the node): its handlers are attached. */
export function reactHydrated(target) {
  return target.evaluate(
    (node) =>
      new Promise((resolve) => {
        const check = () =>
          Object.keys(node).some((key) => key.startsWith("__reactFiber"))
            ? resolve()
            : setTimeout(check, 50);
        check();
      }),
    null,
    { timeout: 60_000 },
  );
}
