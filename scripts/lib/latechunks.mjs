// The scripts a page fetched after its first paint, each with the reason it loaded (its initiator, source-mapped).

/** Every call frame of a DevTools initiator stack, the async parents' frames included, innermost first. */
export function initiatorFrames(initiator) {
  const frames = [];
  for (let stack = initiator?.stack; stack; stack = stack.parent) {
    for (const frame of stack.callFrames ?? [])
      frames.push({ ...frame, async: stack.description ?? null });
  }
  return frames;
}

/** The async steps an initiator stack went through ("requestIdleCallback", "Promise.then"...), outermost first. */
export function asyncSteps(initiator) {
  const steps = [];
  for (let stack = initiator?.stack?.parent; stack; stack = stack.parent)
    if (stack.description && steps.at(-1) !== stack.description) steps.push(stack.description);
  return steps.reverse();
}

/** What the browser's own trigger words mean for a visitor. */
const TRIGGERS = [
  ["requestIdleCallback", "when the browser is idle"],
  ["IntersectionObserver", "when it scrolls into view"],
  ["setTimeout", "after a timer"],
  ["requestAnimationFrame", "at a frame"],
  ["MessagePort.postMessage", "in the next task"],
];

/**
 * Why a script loaded, in words: the site's own source frames that asked for it (source-mapped, innermost
 * first, at most three), else the framework's, and what started the chain (idle time, an observer, a timer).
 * `maps` is a SourceMaps; `documentUrl` marks frames of the page's inline scripts.
 */
export function reasonFor(initiator, maps, documentUrl) {
  if (!initiator || initiator.type === "parser") return "the HTML (a script tag)";
  const frames = initiatorFrames(initiator);
  if (frames.some((f) => f.url === documentUrl))
    return "the bundle loader in the HTML (after the largest paint)";
  const named = [];
  for (const frame of frames) {
    const found = maps.position(frame.url, frame.lineNumber + 1, frame.columnNumber);
    if (!found || found.source.startsWith("webpack/")) continue;
    const label = `${found.source}:${found.line}`;
    if (!named.some((n) => n.source === found.source)) named.push({ source: found.source, label });
  }
  const own = named.filter((n) => n.source.startsWith("src/"));
  const shown = (own.length > 0 ? own : named).slice(0, 3).map((n) => n.label);
  const steps = asyncSteps(initiator);
  const trigger = TRIGGERS.find(([word]) => steps.some((step) => step.includes(word)))?.[1];
  const where =
    shown.length > 0
      ? shown.join(" ← ")
      : initiator.url
        ? `a script at ${initiator.url}`
        : "unknown";
  return trigger ? `${where} (${trigger})` : where;
}

/**
 * The same-origin scripts requested after `paintTs` (trace clock, µs) in a DevTools protocol log, with their
 * brotli size from `sizeOf(pathname)` (null when not in the build), the reason each loaded, and the time from
 * the paint. Sorted by request time.
 */
export function lateScripts(devtoolsLog, { paintTs, origin, documentUrl, maps, sizeOf }) {
  const late = [];
  for (const { method, params } of devtoolsLog) {
    if (method !== "Network.requestWillBeSent" || params.type !== "Script") continue;
    let url;
    try {
      url = new URL(params.request.url);
    } catch {
      continue;
    }
    if (url.origin !== origin) continue;
    const at = params.timestamp * 1e6;
    if (at <= paintTs) continue;
    late.push({
      path: url.pathname,
      afterPaintMs: Math.round((at - paintTs) / 1000),
      brotli: sizeOf(url.pathname),
      reason: reasonFor(params.initiator, maps, documentUrl),
    });
  }
  return late.sort((a, b) => a.afterPaintMs - b.afterPaintMs);
}

/** One chunk name per built file: "app-1a2b….js" → "app", "component---src-templates-x-tsx-….js" → the same minus the hash. */
export function chunkName(pathname) {
  const base = pathname.split("/").pop() ?? pathname;
  return base.replace(/-[0-9a-f]{16,}\.js$/, "").replace(/\.js$/, "");
}
