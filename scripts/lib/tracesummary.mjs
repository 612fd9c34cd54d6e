// What a page's main thread spent its time on in a Chromium trace: script, style, layout, paint, by event name.

/** The renderer work the summary reports, in the order a frame does it. */
export const WORK = [
  "EventDispatch",
  "FunctionCall",
  "TimerFire",
  "FireAnimationFrame",
  "RunMicrotasks",
  // A function's first call compiles it (V8 compiles lazily): traced with the v8 categories.
  "V8.CompileCode",
  "ParseAuthorStyleSheet",
  "UpdateLayoutTree",
  "Layout",
  "PrePaint",
  "Paint",
  "Layerize",
  "Commit",
];

/** The pid and tid of the busiest renderer main thread (the page's), from the trace's thread names. */
export function mainThread(events) {
  const mains = events.filter(
    (e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain",
  );
  let best = null;
  let bestCount = -1;
  for (const m of mains) {
    const count = events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === "X").length;
    if (count > bestCount) {
      best = { pid: m.pid, tid: m.tid };
      bestCount = count;
    }
  }
  return best;
}

/**
 * Milliseconds per event name on the page's main thread (complete events only; nested events are counted
 * in their own name too, so the rows do not add up), with the most elements one style recalculation touched
 * and the most objects one layout laid out.
 */
export function summariseTrace(events) {
  const main = mainThread(events);
  const rows = new Map(WORK.map((name) => [name, { name, ms: 0, count: 0 }]));
  let styleElements = 0;
  let layoutObjects = 0;
  if (!main) return { rows: [], styleElements, layoutObjects };
  for (const e of events) {
    if (e.pid !== main.pid || e.tid !== main.tid || e.ph !== "X" || !rows.has(e.name)) continue;
    const row = rows.get(e.name);
    row.ms += (e.dur ?? 0) / 1000;
    row.count += 1;
    if (e.name === "UpdateLayoutTree")
      styleElements = Math.max(styleElements, e.args?.elementCount ?? 0);
    if (e.name === "Layout")
      layoutObjects = Math.max(
        layoutObjects,
        e.args?.beginData?.dirtyObjects ?? 0,
        e.args?.endData?.layoutRoots?.length ?? 0,
      );
  }
  return { rows: [...rows.values()].filter((r) => r.count > 0), styleElements, layoutObjects };
}
