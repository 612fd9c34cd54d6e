// Long main-thread tasks in a Chromium trace and what ran in them, from the trace's CPU samples mapped through source maps.
import { mainThread } from "./tracesummary.mjs";

/**
 * The CPU samples of the page's main thread (trace category disabled-by-default-v8.cpu_profiler):
 * [{ ts (µs, trace clock), frames: [callFrame, ...] innermost first }].
 */
export function cpuSamples(events) {
  const main = mainThread(events);
  if (!main) return [];
  const profiles = new Map();
  for (const e of events) {
    if (e.pid !== main.pid || e.ph !== "P") continue;
    if (e.name === "Profile") {
      profiles.set(e.id, {
        start: e.args?.data?.startTime ?? e.ts,
        tid: e.tid,
        nodes: new Map(),
        chunks: [],
      });
    } else if (e.name === "ProfileChunk" && profiles.has(e.id)) {
      profiles.get(e.id).chunks.push(e);
    }
  }
  const samples = [];
  for (const profile of profiles.values()) {
    if (profile.tid !== main.tid) continue;
    let ts = profile.start;
    for (const chunk of profile.chunks) {
      const data = chunk.args?.data ?? {};
      for (const node of data.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
      const ids = data.cpuProfile?.samples ?? [];
      const deltas = data.timeDeltas ?? [];
      for (let i = 0; i < ids.length; i++) {
        ts += deltas[i] ?? 0;
        const frames = [];
        for (let node = profile.nodes.get(ids[i]); node; node = profile.nodes.get(node.parent))
          frames.push(node.callFrame);
        samples.push({ ts, frames });
      }
    }
  }
  return samples.sort((a, b) => a.ts - b.ts);
}

/**
 * Main-thread tasks that block at the given CPU slowdown (Lighthouse multiplies observed tasks by 4): those
 * over `minMs` once multiplied, starting after `afterTs`. [{ ts, dur (µs, observed), ms (slowed down) }]
 */
export function longTasks(events, { afterTs = 0, minMs = 50, slowdown = 4 } = {}) {
  const main = mainThread(events);
  if (!main) return [];
  return events
    .filter(
      (e) =>
        e.pid === main.pid &&
        e.tid === main.tid &&
        e.ph === "X" &&
        e.name === "RunTask" &&
        e.ts >= afterTs &&
        ((e.dur ?? 0) / 1000) * slowdown > minMs,
    )
    .map((e) => ({ ts: e.ts, dur: e.dur, ms: Math.round((e.dur / 1000) * slowdown) }))
    .sort((a, b) => a.ts - b.ts);
}

/**
 * What one task ran: its samples' innermost source-mapped site or package frame, totalled ("where" → share of
 * the task), and the share of samples whose stack passes through the SDKs' start-up: code that `isSdk(source,
 * url)` says is theirs (its source, or the chunk it was built into). `maps` is a SourceMaps.
 * Returns { sdkShare, top: [{ where, share }] }.
 */
export function attributeTask(task, samples, maps, isSdk) {
  const inside = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur);
  if (inside.length === 0) return { sdkShare: 0, top: [], samples: 0 };
  const totals = new Map();
  let sdk = 0;
  for (const sample of inside) {
    let where = null;
    let viaSdk = false;
    for (const frame of sample.frames) {
      if (!frame?.url) continue;
      const found = maps.position(frame.url, frame.lineNumber + 1, frame.columnNumber);
      if (isSdk(found?.source ?? "", frame.url)) viaSdk = true;
      if (!found) continue;
      where ??= found.source.startsWith("node_modules/")
        ? found.source
        : `${found.source}:${found.line}`;
    }
    where ??= sample.frames[0]?.functionName || "(native)";
    totals.set(where, (totals.get(where) ?? 0) + 1);
    if (viaSdk) sdk += 1;
  }
  const top = [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([where, count]) => ({ where, share: count / inside.length }));
  return { sdkShare: sdk / inside.length, top, samples: inside.length };
}

/**
 * Code that is the SDKs' start-up: the vendor packages, the site's code that loads and starts them, and anything
 * in a chunk that carries an SDK (`sdkChunkPaths`: "/<chunk>.js" paths, see sdkchunks.mjs), which counts the
 * SDKs' own dependencies (zen-observable, tslib) while their modules are evaluated.
 */
export function sdkClassifier(sdkChunkPaths = new Set()) {
  return (source, url) => {
    if (
      /^node_modules\/@(amplitude|fingerprintjs)\//.test(source) ||
      /^src\/providers\/(analytics|identification)\//.test(source)
    )
      return true;
    if (!url) return false;
    try {
      return sdkChunkPaths.has(new URL(url).pathname);
    } catch {
      return false;
    }
  };
}

/** The classifier without chunk knowledge: sources only. */
export const isSdkSource = (source) => sdkClassifier()(source, "");
