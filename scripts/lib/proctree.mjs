// Samples the memory of a process and all its descendants from Linux /proc, keeping the peak.
import fs from "node:fs";

/**
 * The fields of a /proc/<pid>/stat line after the command name, from field 3 (the state) on: field n is
 * at index n - 3. The command name may hold spaces and parentheses, so the split starts after the last ")".
 * Null when the line has no command name.
 */
export function statFields(text) {
  const close = text.lastIndexOf(")");
  if (close < 0) return null;
  return text
    .slice(close + 1)
    .trim()
    .split(/\s+/);
}

/** Parses /proc/<pid>/stat: { pid, comm, ppid }. */
export function parseStat(text) {
  const open = text.indexOf("(");
  const close = text.lastIndexOf(")");
  if (open < 0 || close < open) return null;
  const pid = Number(text.slice(0, open).trim());
  // Field 4 is the parent pid.
  const ppid = Number(statFields(text)[1]);
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

/** A /proc file's text, or null when the process ended between listing and reading. */
export function readProcText(file) {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** Map of every live pid to its parent pid. */
export function readParents(procDir = "/proc") {
  const parents = new Map();
  for (const name of fs.readdirSync(procDir)) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProcText(`${procDir}/${name}/stat`);
    const parsed = stat && parseStat(stat);
    if (parsed) parents.set(parsed.pid, parsed.ppid);
  }
  return parents;
}

/**
 * Memory of a process tree right now: { rss, pss, processes } in bytes. RSS counts shared pages once
 * per process (an upper bound for a tree of workers); PSS splits shared pages between the processes
 * that share them (closer to what the tree really costs). pss is null when smaps_rollup is unreadable.
 * With `each`, also `members`: { pid, comm, rss, pss } per process, largest RSS first.
 */
export function sampleTree(rootPid, procDir = "/proc", { each = false } = {}) {
  const parents = readParents(procDir);
  const tree = descendants(rootPid, parents);
  let rss = 0;
  let pss = 0;
  let pssKnown = true;
  let processes = 0;
  const members = [];
  for (const pid of tree) {
    const status = readProcText(`${procDir}/${pid}/status`);
    const r = status === null ? null : parseKbField(status, "VmRSS");
    if (r === null) continue; // gone, a zombie, or a kernel thread
    processes += 1;
    rss += r;
    const rollup = readProcText(`${procDir}/${pid}/smaps_rollup`);
    const p = rollup === null ? null : parseKbField(rollup, "Pss");
    if (p === null) pssKnown = false;
    else pss += p;
    if (each) members.push({ pid, comm: commandName(procDir, pid), rss: r, pss: p });
  }
  const sample = { rss, pss: pssKnown ? pss : null, processes };
  return each ? { ...sample, members: members.sort((a, b) => b.rss - a.rss) } : sample;
}

/** A short name for a process: its command line's script (a Gatsby worker's file) or its comm. */
function commandName(procDir, pid) {
  const cmdline = readProcText(`${procDir}/${pid}/cmdline`);
  const args = cmdline ? cmdline.split("\0").filter(Boolean) : [];
  const script = args.slice(1).find((a) => !a.startsWith("-"));
  if (script) return script.split("/").slice(-3).join("/");
  const stat = readProcText(`${procDir}/${pid}/stat`);
  return (stat && parseStat(stat)?.comm) || String(pid);
}

/**
 * Samples a process tree every `intervalMs` until stop() is called; stop() returns the peaks:
 * { peakRss, peakPss, peakProcesses, samples, atPeakRss }, where atPeakRss says when the RSS peak was
 * seen (ms after the start) and which processes held it.
 */
export function startSampler(rootPid, intervalMs = 200, procDir = "/proc") {
  const peak = { peakRss: 0, peakPss: null, peakProcesses: 0, samples: 0, atPeakRss: null };
  const started = Date.now();
  const take = () => {
    let s;
    try {
      s = sampleTree(rootPid, procDir, { each: true });
    } catch {
      return;
    }
    if (s.processes === 0) return;
    peak.samples += 1;
    if (s.rss > peak.peakRss) peak.atPeakRss = { ms: Date.now() - started, members: s.members };
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
