// Self time per source function in a DevTools CPU profile, mapped through the build's source maps.

/** Frames that are the engine's own bookkeeping, not page code. */
const ENGINE = new Set(["(root)", "(program)", "(idle)", "(garbage collector)"]);

/**
 * Self time (ms) per node of a CPU profile (`Profiler.stop`'s profile): each sample charges the time delta that
 * follows it to the node it landed in.
 */
export function selfTimes(profile) {
  const times = new Map();
  const { samples = [], timeDeltas = [] } = profile;
  for (let i = 0; i < samples.length; i++) {
    const next = timeDeltas[i + 1] ?? 0;
    times.set(samples[i], (times.get(samples[i]) ?? 0) + next / 1000);
  }
  return times;
}

/**
 * The functions that took the most self time, grouped by where they come from in the sources:
 * [{ where, ms }] sorted by time, `where` being "name (src/file.tsx:line)", "name (node_modules/pkg)" or, for
 * the engine's own work, "(garbage collector)" and the like. `maps` is a SourceMaps (sourcemaps.mjs).
 */
export function hotFunctions(profile, maps, limit = 15) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map();
  for (const [id, ms] of selfTimes(profile)) {
    const frame = byNode.get(id)?.callFrame;
    if (!frame) continue;
    let where;
    if (ENGINE.has(frame.functionName)) where = frame.functionName;
    else if (!frame.url) where = `${frame.functionName || "(anonymous)"} (native)`;
    else {
      const mapped = maps.position(frame.url, frame.lineNumber + 1, frame.columnNumber);
      const name = mapped?.name ?? (frame.functionName || "(anonymous)");
      where = mapped
        ? mapped.source.startsWith("node_modules/")
          ? `${name} (${mapped.source})`
          : `${name} (${mapped.source}:${mapped.line})`
        : `${name} (${frame.url.split("/").pop()})`;
    }
    totals.set(where, (totals.get(where) ?? 0) + ms);
  }
  return [...totals.entries()]
    .filter(([where]) => where !== "(idle)")
    .map(([where, ms]) => ({ where, ms }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, limit);
}

/** Adds several profiles' hot lists into one (the runs of one interaction), averaged per run. */
export function mergeHot(lists, limit = 15) {
  const totals = new Map();
  for (const list of lists)
    for (const { where, ms } of list) totals.set(where, (totals.get(where) ?? 0) + ms);
  const runs = Math.max(1, lists.length);
  return [...totals.entries()]
    .map(([where, ms]) => ({ where, ms: ms / runs }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, limit);
}
