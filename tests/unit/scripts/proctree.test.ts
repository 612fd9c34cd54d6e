// Tests the /proc parsing behind the benchmark's peak-memory figure, on a fake /proc and on this process.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  descendants,
  parseKbField,
  parseStat,
  readParents,
  readProcText,
  sampleTree,
  startSampler,
  statFields,
} from "../../../scripts/lib/proctree.mjs";

describe("statFields", () => {
  it("starts at the state, after the last parenthesis of the command name", () => {
    expect(statFields("77 (Web Content (x)) R 1 77 77 0")).toEqual(["R", "1", "77", "77", "0"]);
    expect(statFields("no command name")).toBeNull();
  });
});

describe("readProcText", () => {
  it("reads this process's stat, and answers null for a process that has ended", () => {
    expect(statFields(readProcText(`/proc/${process.pid}/stat`) ?? "")?.[0]).toMatch(/^[RSD]$/);
    expect(readProcText("/proc/999999999/stat")).toBeNull();
  });
});

describe("parseStat", () => {
  it("reads pid and parent pid, even when the command name has spaces and parentheses", () => {
    expect(parseStat("4242 (node) S 4200 4242 4200 0 -1")).toEqual({
      pid: 4242,
      comm: "node",
      ppid: 4200,
    });
    expect(parseStat("77 (Web Content (x)) R 1 77 77 0")).toEqual({
      pid: 77,
      comm: "Web Content (x)",
      ppid: 1,
    });
    expect(parseStat("garbage")).toBeNull();
  });
});

describe("parseKbField", () => {
  it("reads kB fields as bytes", () => {
    const status = "Name:\tnode\nVmPeak:\t  900 kB\nVmRSS:\t  123456 kB\nThreads:\t11\n";
    expect(parseKbField(status, "VmRSS")).toBe(123456 * 1024);
    expect(parseKbField("Rss:  10 kB\nPss:   7 kB\n", "Pss")).toBe(7 * 1024);
    expect(parseKbField("Name:\tkthreadd\n", "VmRSS")).toBeNull();
  });
});

describe("descendants", () => {
  it("walks the whole tree below a pid and nothing else", () => {
    const parents = new Map([
      [10, 1],
      [11, 10],
      [12, 10],
      [13, 11],
      [20, 1],
      [21, 20],
    ]);
    expect(descendants(10, parents).sort((a, b) => a - b)).toEqual([10, 11, 12, 13]);
    expect(descendants(99, parents)).toEqual([99]);
  });
});

describe("sampling a fake /proc", () => {
  let proc: string;

  function processEntry(
    pid: number,
    ppid: number,
    rssKb: number | null,
    pssKb: number | null,
  ): void {
    const dir = path.join(proc, String(pid));
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "stat"), `${pid} (proc ${pid}) S ${ppid} 0 0 0`);
    fs.writeFileSync(
      path.join(dir, "status"),
      rssKb === null ? "Name:\tz\n" : `Name:\tp\nVmRSS:\t${rssKb} kB\n`,
    );
    if (pssKb !== null)
      fs.writeFileSync(path.join(dir, "smaps_rollup"), `Rss: 1 kB\nPss:\t${pssKb} kB\n`);
  }

  beforeAll(() => {
    proc = fs.mkdtempSync(path.join(os.tmpdir(), "proc-"));
    processEntry(100, 1, 1000, 600); // the build
    processEntry(101, 100, 500, 300); // a worker
    processEntry(102, 101, 200, 100); // the worker's child
    processEntry(103, 100, null, null); // a zombie: no VmRSS
    processEntry(200, 1, 9999, 9999); // unrelated
    fs.mkdirSync(path.join(proc, "self"));
  });

  afterAll(() => {
    fs.rmSync(proc, { recursive: true, force: true });
  });

  it("sums RSS and PSS over the tree", () => {
    expect(readParents(proc).get(102)).toBe(101);
    expect(sampleTree(100, proc)).toEqual({ rss: 1700 * 1024, pss: 1000 * 1024, processes: 3 });
    fs.writeFileSync(
      path.join(proc, "101", "cmdline"),
      "/usr/bin/node\0--max-old-space-size=4096\0/site/node_modules/gatsby/dist/child.js\0",
    );
    try {
      expect(sampleTree(100, proc, { each: true }).members).toEqual([
        { pid: 100, comm: "proc 100", rss: 1000 * 1024, pss: 600 * 1024 },
        { pid: 101, comm: "gatsby/dist/child.js", rss: 500 * 1024, pss: 300 * 1024 },
        { pid: 102, comm: "proc 102", rss: 200 * 1024, pss: 100 * 1024 },
      ]);
    } finally {
      fs.rmSync(path.join(proc, "101", "cmdline"));
    }
  });

  it("keeps the peak across samples", () => {
    // Fake timers: each tick is one sample, however busy the machine is.
    vi.useFakeTimers();
    try {
      const sampler = startSampler(100, 10, proc);
      vi.advanceTimersByTime(20);
      processEntry(104, 100, 300, 300); // a worker starts
      vi.advanceTimersByTime(10);
      fs.rmSync(path.join(proc, "104"), { recursive: true }); // and ends
      vi.advanceTimersByTime(20);
      const peaks = sampler.stop();
      expect(peaks.peakRss).toBe(2000 * 1024);
      expect(peaks.peakPss).toBe(1300 * 1024);
      expect(peaks.peakProcesses).toBe(4);
      // The moment of the RSS peak names the processes that held it, the largest first.
      expect(peaks.atPeakRss?.ms).toBe(30);
      expect(peaks.atPeakRss?.members.map((m) => [m.comm, m.rss])).toEqual([
        ["proc 100", 1000 * 1024],
        ["proc 101", 500 * 1024],
        ["proc 104", 300 * 1024],
        ["proc 102", 200 * 1024],
      ]);
      // The first sample at start, then one per 10 ms over 50 ms.
      expect(peaks.samples).toBe(6);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.runIf(fs.existsSync("/proc/self/status"))("sampling the real /proc", () => {
  it("sees this process with a plausible RSS", () => {
    const sample = sampleTree(process.pid);
    expect(sample.processes).toBeGreaterThanOrEqual(1);
    expect(sample.rss).toBeGreaterThan(10 * 1024 * 1024);
  });
});
