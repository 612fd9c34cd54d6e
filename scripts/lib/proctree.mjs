// Samples the memory of a process and all its descendants from Linux /proc, keeping the peak.
import fs from "node:fs";

/** Parses /proc/<pid>/stat: { pid, comm, ppid }. The command name may hold spaces and parentheses. */
export function parseStat(text) {
  const open = text.indexOf("(");
  const close = text.lastIndexOf(")");
  if (open < 0 || close < open) return null;
  const pid = Number(text.slice(0, open).trim());
  const rest = text
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  // rest[0] is the state, rest[1] the parent pid.
  const ppid = Number(rest[1]);
  if (!Number.isInteger(pid) || !Number.isInteger(ppid)) return null;
  return { pid, comm: text.slice(open + 1, close), ppid };
}

/** Reads a "Name:   1234 kB" field (VmRSS in status, Pss in smaps_rollup) as bytes; null when absent. */
export function parseKbField(text, field) {
  const m = new RegExp(`^${field}:\\s+(\\d+)\\s*kB`, "m").exec(text);
  return m ? Number(m[1]) * 1024 : null;
}

/** The pid and every descendant of it, given a map pid → parent pid. */
export function descendants(rootPid, parentOf) {
  const children = new Map();
  for (const [pid, ppid] of parentOf) {
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(pid);
  }
  const tree = [];
  const queue = [rootPid];
  const seen = new Set();
  while (queue.length > 0) {
    const pid = queue.shift();
    if (seen.has(pid)) continue;
    seen.add(pid);
    tree.push(pid);
    for (const child of children.get(pid) ?? []) queue.push(child);
  }
  return tree;
}

function readText(file) {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null; // the process ended between listing and reading
  }
}

/** Map of every live pid to its parent pid. */
export function readParents(procDir = "/proc") {
  const parents = new Map();
  for (const name of fs.readdirSync(procDir)) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readText(`${procDir}/${name}/stat`);
    const parsed = stat && parseStat(stat);
    if (parsed) parents.set(parsed.pid, parsed.ppid);
  }
  return parents;
}

/**
 * Memory of a process tree right now: { rss, pss, processes } in bytes. RSS counts shared pages once
 * per process (an upper bound for a tree of workers); PSS splits shared pages between the processes
 * that share them (closer to what the tree really costs). pss is null when smaps_rollup is unreadable.
 */
export function sampleTree(rootPid, procDir = "/proc") {
  const tree = descendants(rootPid, readParents(procDir));
  let rss = 0;
  let pss = 0;
  let pssKnown = true;
  let processes = 0;
  for (const pid of tree) {
    const status = readText(`${procDir}/${pid}/status`);
    const r = status === null ? null : parseKbField(status, "VmRSS");
    if (r === null) continue; // gone, a zombie, or a kernel thread
    processes += 1;
    rss += r;
    const rollup = readText(`${procDir}/${pid}/smaps_rollup`);
    const p = rollup === null ? null : parseKbField(rollup, "Pss");
    if (p === null) pssKnown = false;
    else pss += p;
  }
  return { rss, pss: pssKnown ? pss : null, processes };
}

/**
 * Samples a process tree every `intervalMs` until stop() is called; stop() returns the peaks:
 * { peakRss, peakPss, peakProcesses, samples }.
 */
export function startSampler(rootPid, intervalMs = 200, procDir = "/proc") {
  const peak = { peakRss: 0, peakPss: null, peakProcesses: 0, samples: 0 };
  const take = () => {
    let s;
    try {
      s = sampleTree(rootPid, procDir);
    } catch {
      return;
    }
    if (s.processes === 0) return;
    peak.samples += 1;
    peak.peakRss = Math.max(peak.peakRss, s.rss);
    if (s.pss !== null) peak.peakPss = Math.max(peak.peakPss ?? 0, s.pss);
    peak.peakProcesses = Math.max(peak.peakProcesses, s.processes);
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return { ...peak };
    },
  };
}
