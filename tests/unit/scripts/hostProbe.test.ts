// @vitest-environment jsdom
// Tests the interaction benchmark's host probe: the workload runs and cleans up after itself, refuses to report a
// time for work that did not happen, the probe reports the median of its rounds after a warm-up, and the report
// warns when the host was slower than the one the budget was judged on.
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  probeHost,
  probeWorkload,
  REFERENCE_PROBE_MS,
  slowHostNote,
} from "../../../scripts/lib/hostprobe.mjs";

afterEach(() => vi.restoreAllMocks());

describe("the probe's workload", () => {
  it("takes a time, and leaves the page as it found it", () => {
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({
      height: 900,
    } as DOMRect);
    document.body.innerHTML = "<main>page</main>";
    const ms = probeWorkload();
    expect(ms).toBeGreaterThan(0);
    expect(document.body.innerHTML).toBe("<main>page</main>");
  });

  it("throws rather than time a layout that did not happen", () => {
    // jsdom lays nothing out: every box is 0 px tall.
    expect(() => probeWorkload()).toThrow("the probe's workload did not run");
  });
});

describe("probing the host", () => {
  /** A browser whose page answers each evaluate with the next of `times`. */
  function fakeBrowser(times: number[]) {
    const close = vi.fn(async () => {});
    const evaluate = vi.fn(async () => {
      const next = times.shift();
      if (next === undefined) throw new Error("page closed");
      return next;
    });
    const page = { setContent: vi.fn(async () => {}), evaluate };
    const browser = { newContext: async () => ({ newPage: async () => page, close }) };
    return { browser, evaluate, close };
  }

  it("reports the median of its rounds, leaving out the warm-up, and closes its context", async () => {
    const { browser, evaluate, close } = fakeBrowser([900, 80.4, 95, 70, 88, 79.6]);
    const probe = await probeHost(browser as never, 5);
    expect(evaluate).toHaveBeenCalledTimes(6);
    expect(evaluate).toHaveBeenCalledWith(probeWorkload);
    expect(probe).toEqual({ ms: 80, runs: [80, 95, 70, 88, 80] });
    expect(close).toHaveBeenCalledOnce();
  });

  it("closes its context when the page fails", async () => {
    const { browser, close } = fakeBrowser([900, 80]);
    await expect(probeHost(browser as never, 5)).rejects.toThrow("page closed");
    expect(close).toHaveBeenCalledOnce();
  });
});

describe("the slow-host warning", () => {
  const limit = REFERENCE_PROBE_MS.high * 1.5;

  it("stays quiet on a host like the reference, or a little slower", () => {
    expect(slowHostNote({ ms: 45 }, { ms: 50 })).toBeNull();
    expect(slowHostNote({ ms: limit }, { ms: limit })).toBeNull();
  });

  it("names the slowest probe and its factor when either side of the run was slow", () => {
    const note = slowHostNote({ ms: 70 }, { ms: 124 });
    expect(note).toContain("124 ms");
    expect(note).toContain(`${(124 / REFERENCE_PROBE_MS.high).toFixed(1)}×`);
    expect(note).toContain("--floors");
    expect(slowHostNote({ ms: limit + 1 }, null)).toContain(`${limit + 1} ms`);
  });

  it("says nothing when the host was not probed", () => {
    expect(slowHostNote(undefined, undefined)).toBeNull();
  });
});
